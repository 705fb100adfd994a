// SPDX-License-Identifier: MIT
// Micro-measurements for scripts/gpu-check (issue 32): what a CUDA device and its driver cost per kernel launch, plain
// and inside a CUDA graph, how fast its L2 and DRAM deliver bytes to the SMs, and its fp32 FMA rate. Each result is
// one JSON object per line on stdout, so the Python driver needs no parser beyond json. Built on the device with
//   nvcc -O3 -std=c++17 -arch=sm_90 scripts/gpu-check-kernels.cu -o gpu-check-kernels
// Every CUDA call is checked: a failed measurement exits non-zero instead of printing a number.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                \
            std::exit(1);                                                                                              \
        }                                                                                                              \
    } while (0)

__global__ void emptyKernel() { }

// Reads n float4 `passes` times through L2 (ld.global.cg skips L1, so a buffer that fits L2 is served by L2, one that
// does not by DRAM). Four independent loads per iteration keep enough bytes in flight.
__global__ void readKernel(const float4* __restrict__ in, size_t n, int passes, float* out)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    float acc = 0.f;
    for (int p = 0; p < passes; ++p) {
        size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
        for (; i + 3 * stride < n; i += 4 * stride) {
            const float4 a = __ldcg(in + i), b = __ldcg(in + i + stride), c = __ldcg(in + i + 2 * stride),
                         d = __ldcg(in + i + 3 * stride);
            acc += (a.x + b.y) + (c.z + d.w);
        }
        for (; i < n; i += stride) {
            const float4 a = __ldcg(in + i);
            acc += a.x + a.w;
        }
    }
    if (acc == 1234.5678f) // never true for the data written below; keeps the loads from being removed
        out[0] = acc;
}

// Eight independent FMA chains per thread: the SIMT fp32 issue rate, not a latency.
__global__ void fmaKernel(float* out, int iterations, float seed)
{
    float a[8];
#pragma unroll
    for (int k = 0; k < 8; ++k)
        a[k] = seed + threadIdx.x * 1e-7f + k;
    const float m = 0.999999f, c = 1e-7f;
    for (int it = 0; it < iterations; ++it) {
#pragma unroll
        for (int k = 0; k < 8; ++k)
            a[k] = fmaf(a[k], m, c);
    }
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k)
        s += a[k];
    if (s == 1234.5678f)
        out[0] = s;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main()
{
    int device = 0;
    CHECK(cudaSetDevice(device));
    cudaDeviceProp prop {};
    CHECK(cudaGetDeviceProperties(&prop, device));
    int driver = 0, runtime = 0;
    CHECK(cudaDriverGetVersion(&driver));
    CHECK(cudaRuntimeGetVersion(&runtime));
    std::printf("{\"what\":\"device\",\"name\":\"%s\",\"sms\":%d,\"l2_bytes\":%d,\"cc\":\"%d.%d\",\"driver_api\":%d,"
                "\"runtime_api\":%d}\n",
                prop.name, prop.multiProcessorCount, prop.l2CacheSize, prop.major, prop.minor, driver, runtime);

    cudaStream_t stream;
    CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    // 1. Launch floors. Warm the module first so its load stays out of the numbers.
    for (int i = 0; i < 100; ++i)
        emptyKernel<<<1, 1, 0, stream>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(stream));
    {
        const int n = 20000; // back to back from one host thread: the rate at which launches retire
        std::vector<double> perLaunch;
        for (int rep = 0; rep < 5; ++rep) {
            const auto t0 = std::chrono::steady_clock::now();
            CHECK(cudaEventRecord(start, stream));
            for (int i = 0; i < n; ++i)
                emptyKernel<<<1, 1, 0, stream>>>();
            CHECK(cudaEventRecord(stop, stream));
            CHECK(cudaStreamSynchronize(stream));
            CHECK(cudaGetLastError());
            const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            float ms = 0;
            CHECK(cudaEventElapsedTime(&ms, start, stop));
            perLaunch.push_back(std::max(wall, ms * 1e-3) / n);
        }
        std::printf("{\"what\":\"launch_back_to_back\",\"seconds\":%.6e,\"launches\":%d,\"method\":\"%s\"}\n",
                    median(perLaunch), n,
                    "empty kernel <<<1,1>>> launched 20000 times back to back from one host thread; "
                    "max(host wall, device events) over the count; median of 5");
    }
    {
        const int n = 2000; // launch then wait: the round trip one dependent launch costs
        std::vector<double> each;
        for (int i = 0; i < n; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            emptyKernel<<<1, 1, 0, stream>>>();
            CHECK(cudaStreamSynchronize(stream));
            each.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        CHECK(cudaGetLastError());
        std::printf("{\"what\":\"launch_round_trip\",\"seconds\":%.6e,\"method\":\"%s\"}\n", median(each),
                    "empty kernel launch + cudaStreamSynchronize, host clock, median of 2000");
    }
    {
        const int n = 1000; // the same launches captured into one graph and replayed
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
        for (int i = 0; i < n; ++i)
            emptyKernel<<<1, 1, 0, stream>>>();
        CHECK(cudaStreamEndCapture(stream, &graph));
        CHECK(cudaGraphInstantiate(&exec, graph, 0));
        CHECK(cudaGraphLaunch(exec, stream));
        CHECK(cudaStreamSynchronize(stream));
        std::vector<double> perKernel;
        for (int rep = 0; rep < 10; ++rep) {
            CHECK(cudaEventRecord(start, stream));
            CHECK(cudaGraphLaunch(exec, stream));
            CHECK(cudaEventRecord(stop, stream));
            CHECK(cudaStreamSynchronize(stream));
            float ms = 0;
            CHECK(cudaEventElapsedTime(&ms, start, stop));
            perKernel.push_back(ms * 1e-3 / n);
        }
        std::printf("{\"what\":\"launch_in_graph\",\"seconds\":%.6e,\"kernels\":%d,\"method\":\"%s\"}\n",
                    median(perKernel), n,
                    "1000 empty kernels captured in one CUDA graph (a chain on one stream), device events around a "
                    "replay over the count; median of 10 replays");
        CHECK(cudaGraphExecDestroy(exec));
        CHECK(cudaGraphDestroy(graph));
    }

    // 2. Bytes to the SMs, by footprint: L2-resident sizes are read many times, DRAM sizes a few.
    {
        const size_t maxBytes = size_t(2) << 30;
        float4* buffer = nullptr;
        float* sink = nullptr;
        CHECK(cudaMalloc(&buffer, maxBytes));
        CHECK(cudaMalloc(&sink, sizeof(float)));
        CHECK(cudaMemset(buffer, 0x3f, maxBytes)); // 0x3f3f3f3f: 0.747f, finite, never the sentinel sum
        const int blocks = prop.multiProcessorCount * 8, threads = 256;
        const size_t mib = size_t(1) << 20;
        for (size_t bytes : {2 * mib, 4 * mib, 8 * mib, 12 * mib, 16 * mib, 24 * mib, 32 * mib, 40 * mib, 48 * mib,
                             64 * mib, 128 * mib, 512 * mib, maxBytes}) {
            const size_t n = bytes / sizeof(float4);
            const int passes = int(std::max<size_t>(1, (size_t(8) << 30) / bytes / 4)); // about 2 GB per launch
            readKernel<<<blocks, threads, 0, stream>>>(buffer, n, passes, sink);
            CHECK(cudaGetLastError());
            std::vector<double> bps;
            for (int rep = 0; rep < 7; ++rep) {
                CHECK(cudaEventRecord(start, stream));
                readKernel<<<blocks, threads, 0, stream>>>(buffer, n, passes, sink);
                CHECK(cudaEventRecord(stop, stream));
                CHECK(cudaStreamSynchronize(stream));
                CHECK(cudaGetLastError());
                float ms = 0;
                CHECK(cudaEventElapsedTime(&ms, start, stop));
                bps.push_back(double(bytes) * passes / (ms * 1e-3));
            }
            std::sort(bps.begin(), bps.end());
            std::printf("{\"what\":\"read_bandwidth\",\"footprint_bytes\":%zu,\"passes\":%d,\"median_Bps\":%.6e,"
                        "\"max_Bps\":%.6e}\n",
                        bytes, passes, bps[bps.size() / 2], bps.back());
        }
        CHECK(cudaFree(buffer));
        CHECK(cudaFree(sink));
    }

    // 3. SIMT fp32 FMA rate.
    {
        float* sink = nullptr;
        CHECK(cudaMalloc(&sink, sizeof(float)));
        const int blocks = prop.multiProcessorCount * 16, threads = 256, iterations = 16384;
        fmaKernel<<<blocks, threads, 0, stream>>>(sink, 16, 1.f);
        CHECK(cudaGetLastError());
        std::vector<double> flops;
        for (int rep = 0; rep < 7; ++rep) {
            CHECK(cudaEventRecord(start, stream));
            fmaKernel<<<blocks, threads, 0, stream>>>(sink, iterations, 1.f);
            CHECK(cudaEventRecord(stop, stream));
            CHECK(cudaStreamSynchronize(stream));
            CHECK(cudaGetLastError());
            float ms = 0;
            CHECK(cudaEventElapsedTime(&ms, start, stop));
            flops.push_back(2.0 * 8 * double(iterations) * blocks * threads / (ms * 1e-3));
        }
        std::sort(flops.begin(), flops.end());
        std::printf("{\"what\":\"fp32_fma_rate\",\"median_flops\":%.6e,\"max_flops\":%.6e,\"method\":\"%s\"}\n",
                    flops[flops.size() / 2], flops.back(), "8 independent fmaf chains per thread, 1 FMA = 2 FLOP");
        CHECK(cudaFree(sink));
    }
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaStreamDestroy(stream));
    return 0;
}
