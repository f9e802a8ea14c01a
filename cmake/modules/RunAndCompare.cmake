# cmake -DTOOL=... -DEXPECTED_STATUS=... -DEXPECTED_OUTPUT=... -DARGUMENTS=... -P RunAndCompare.cmake
# Runs TOOL with ARGUMENTS (a ';' list; '<' FILE feeds FILE on standard input) and checks its exit
# status and standard output (lines joined with ';', trailing whitespace and CRs ignored).
set(arguments ${ARGUMENTS})
set(input_file "")
list(FIND arguments "<" redirect)
if(redirect GREATER -1)
  math(EXPR file_index "${redirect} + 1")
  list(GET arguments ${file_index} input_file)
  list(REMOVE_AT arguments ${file_index} ${redirect})
endif()
if(input_file)
  execute_process(COMMAND ${TOOL} ${arguments} INPUT_FILE ${input_file}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
else()
  execute_process(COMMAND ${TOOL} ${arguments}
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
endif()
string(REPLACE "\r" "" output "${output}")
string(REGEX REPLACE "\n$" "" output "${output}")
string(REPLACE "\n" ";" output "${output}")
if(NOT status EQUAL EXPECTED_STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECTED_STATUS}\nstdout: ${output}\nstderr: ${errors}")
endif()
if(NOT "${output}" STREQUAL "${EXPECTED_OUTPUT}")
  message(FATAL_ERROR "output:\n  ${output}\nexpected:\n  ${EXPECTED_OUTPUT}\nstderr: ${errors}")
endif()
