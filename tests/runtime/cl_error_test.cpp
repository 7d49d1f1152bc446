#include <doctest/doctest.h>

#include <string>

#include "runtime/cl_error.hpp"

using namespace liftcl::rt;

TEST_CASE("OpenCL error codes have their names") {
    CHECK(clErrorName(CL_SUCCESS) == "CL_SUCCESS");
    CHECK(clErrorName(CL_BUILD_PROGRAM_FAILURE) == "CL_BUILD_PROGRAM_FAILURE");
    CHECK(clErrorName(CL_INVALID_VALUE) == "CL_INVALID_VALUE");
    CHECK(clErrorName(CL_INVALID_DEVICE_PARTITION_COUNT) == "CL_INVALID_DEVICE_PARTITION_COUNT");
    CHECK(clErrorName(CL_MEM_OBJECT_ALLOCATION_FAILURE) == "CL_MEM_OBJECT_ALLOCATION_FAILURE");
    CHECK(clErrorName(-12345) == "unknown OpenCL error");
    // Every OpenCL 1.2 code from -1 to -19 and -30 to -68 is named.
    for (cl_int code = -1; code >= -68; --code) {
        if (code < -19 && code > -30) continue;
        CAPTURE(code);
        CHECK(clErrorName(code) != "unknown OpenCL error");
    }
}

TEST_CASE("ClError names the call and the code") {
    ClError error("clBuildProgram", CL_BUILD_PROGRAM_FAILURE, "build log:\nerror here");
    std::string text = error.what();
    CHECK(text.rfind("clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)", 0) == 0);
    CHECK(text.find("error here") != std::string::npos);
    CHECK(error.code() == CL_BUILD_PROGRAM_FAILURE);
    CHECK(error.call() == "clBuildProgram");

    CHECK_NOTHROW(check(CL_SUCCESS, "clFinish"));
    CHECK_THROWS_WITH_AS(check(CL_INVALID_BUFFER_SIZE, "clCreateBuffer"),
                         "clCreateBuffer failed: CL_INVALID_BUFFER_SIZE (-61)", ClError);
}
