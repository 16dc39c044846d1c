"""rules_java's macros as Bazel 4's native Java rules: all @bazel_tools loads from it offline."""

def java_import(**kwargs):
    native.java_import(**kwargs)

def java_runtime(**kwargs):
    native.java_runtime(**kwargs)

def java_toolchain(**kwargs):
    native.java_toolchain(**kwargs)

def java_library(**kwargs):
    native.java_library(**kwargs)

def java_binary(**kwargs):
    native.java_binary(**kwargs)

def java_test(**kwargs):
    native.java_test(**kwargs)
