# Data for the Results view: a generated run with every status and full failure diagnoses, in the
# app's working folder (the view opens ./.mcp-test-results by itself). Needs the test classes:
# mvn -B -q package -DskipTests test-compile.
java -cp "app/target/test-classes:app/target/classes:app/target/lib/*" dev.mstpanel.testsupport.GenerateRun demo \
  "$SHOT_HOME/work/.mcp-test-results" >/dev/null
