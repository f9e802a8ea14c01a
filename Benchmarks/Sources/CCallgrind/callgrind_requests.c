// The requests are inline functions in the header; this file gives the target a source.
#include "callgrind_requests.h"
