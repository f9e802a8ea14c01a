# CLI smoke tests: count, check and truncate on fixture files with known answers.
# Each test runs the built tool through cmake/modules/RunAndCompare.cmake, which compares its
# standard output and exit status with what is expected.
set(FIXTURES ${CMAKE_CURRENT_SOURCE_DIR}/Tests/Fixtures/CLI)

function(textlimit_smoke_test name expected_status expected_output)
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND}
      -DTOOL=$<TARGET_FILE:textlimit>
      -DEXPECTED_STATUS=${expected_status}
      "-DEXPECTED_OUTPUT=${expected_output}"
      "-DARGUMENTS=${ARGN}"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/modules/RunAndCompare.cmake)
endfunction()

textlimit_smoke_test(count_sample 0 "graphemes     utf16   scalars      utf8     width   twitter     wide2         x  mastodon file;      299       351       339       591       336       377       373       377       298 ${CMAKE_CURRENT_SOURCE_DIR}/Samples/sample.txt"
  count --unit all ${CMAKE_CURRENT_SOURCE_DIR}/Samples/sample.txt)
textlimit_smoke_test(count_twitter 0 "282" count --unit twitter - < ${FIXTURES}/cjk141.txt)
textlimit_smoke_test(count_emoji 0 "5 ${FIXTURES}/emoji.txt" count ${FIXTURES}/emoji.txt)
textlimit_smoke_test(count_lines 0 "5 -:1;8 -:2;20 -:3" count --lines - < ${FIXTURES}/lines.txt)
textlimit_smoke_test(count_lines_file 0 "5 ${FIXTURES}/lines.txt:1;8 ${FIXTURES}/lines.txt:2;20 ${FIXTURES}/lines.txt:3"
  count --lines ${FIXTURES}/lines.txt)
textlimit_smoke_test(check_within 0 "" check --max 5 ${FIXTURES}/emoji.txt)
textlimit_smoke_test(check_over 1 "${FIXTURES}/emoji.txt: 5 graphemes > 4" check --max 4 ${FIXTURES}/emoji.txt)
textlimit_smoke_test(check_lines_utf8 1 "${FIXTURES}/lines.txt:2: 23 utf8 > 12;${FIXTURES}/lines.txt:3: 20 utf8 > 12"
  check --lines --max 12 --unit utf8 ${FIXTURES}/lines.txt)
textlimit_smoke_test(check_missing 2 "" check --max 1 ${FIXTURES}/does-not-exist.txt)
textlimit_smoke_test(truncate_emoji 0 "👨‍👩‍👧‍👦🇯🇵" truncate --max 2 ${FIXTURES}/emoji.txt)
textlimit_smoke_test(truncate_utf16 0 "👨‍👩‍👧‍👦" truncate --max 12 --unit utf16 ${FIXTURES}/emoji.txt)
textlimit_smoke_test(truncate_lines 0 "hel;wör;las" truncate --lines --max 3 ${FIXTURES}/lines.txt)
textlimit_smoke_test(usage_error 2 "" count --unt utf8)
# A post: "see " + a URL (23 for X and Mastodon) + " ok " + "@bob@example.social" (19; 4 for
# Mastodon, which drops the domain).
textlimit_smoke_test(count_rule_x 0 "50 ${FIXTURES}/post.txt" count --rule x ${FIXTURES}/post.txt)
textlimit_smoke_test(count_rule_mastodon 0 "35 ${FIXTURES}/post.txt"
  count --rule mastodon ${FIXTURES}/post.txt)
textlimit_smoke_test(check_rule_bluesky 0 "" check --rule bluesky ${FIXTURES}/post.txt)
