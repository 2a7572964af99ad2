// `catlab cloud-views` end to end: the real executable draws a scene from its three cameras into PNG
// files; each is checked against the same state and camera rendered here in the test process.
#include "record/child_process.hpp"
#include "record/record_test_support.hpp"
#include "record/reference_frame.hpp"
#include "video/decoded_video.hpp"

#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_simulation.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;
using video::testing::decodeFirstFrame;
using video::testing::RgbImage;

render::OrbitCamera camera(double yaw, double pitch, double distance) {
    render::OrbitCamera c;
    c.yawDegrees = yaw;
    c.pitchDegrees = pitch;
    c.distance = distance;
    return c;
}

TEST(CloudViewsCommand, WritesTheSceneFromTheSideAtAnAngleAndFromAbove) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const ChildResult run = runCatlab({"cloud-views", "--size", "48x40x12", "--seed", "4", "--backend", "cpu",
                                       "--formation", "80", "--frame-size", "97x61", "--sun", "120,45",
                                       "--density-radius", "2", "--out-dir", ".", "--prefix", "v"},
                                      dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("ellipsoids (scene cumulus)"), std::string::npos) << run.out;

    const cloud::CloudSize size{48, 40, 12};
    const auto sim =
        cloud::makeCloudSimulation("cpu", size, cloud::cloudSceneParams(cloud::CloudScene::Cumulus, size, 4));
    sim->step(80);
    render::CloudLook look;
    look.sunAzimuthDegrees = 120;
    look.sunElevationDegrees = 45;
    const std::array views{std::pair{"side", camera(-90, 3, 0.9)}, std::pair{"oblique", camera(-55, 25, 1.1)},
                           std::pair{"above", camera(-30, 65, 1.4)}};
    std::vector<RgbImage> pictures;
    for (const auto& [name, view] : views) {
        const fs::path file = dir / (std::string("v-") + name + ".png");
        ASSERT_TRUE(fs::exists(file)) << file << "\n" << run.out;
        EXPECT_NE(run.out.find("wrote       " + (fs::path(".") / file.filename()).string()), std::string::npos)
            << run.out;
        pictures.push_back(decodeFirstFrame(file.string()));
        EXPECT_EQ(pictures.back().width, 97);
        EXPECT_EQ(pictures.back().height, 61);
        EXPECT_EQ(pictures.back().rgb, renderCloudReference(*sim, 2, view, look, 97, 61).rgb) << name;
    }
    EXPECT_NE(pictures[0].rgb, pictures[1].rgb);
    EXPECT_NE(pictures[1].rgb, pictures[2].rgb);
}

TEST(CloudViewsCommand, RefusesAMissingFolderBeforeSimulating) {
    const fs::path dir = testDirectory();
    const ChildResult run =
        runCatlab({"cloud-views", "--size", "16x16x8", "--backend", "cpu", "--out-dir", "no/such/folder"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("no/such/folder/cloud-side.png"), std::string::npos) << run.err;
    EXPECT_EQ(run.out.find("steps"), std::string::npos) << "it simulated before checking the folder: " << run.out;
}

TEST(CloudViewsCommand, RefusesAnUnknownScene) {
    const fs::path dir = testDirectory();
    const ChildResult run = runCatlab({"cloud-views", "--size", "16x16x8", "--cloud-scene", "stratus"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("--cloud-scene: unknown cloud scene 'stratus': the scenes are cumulus, ellipsoid"),
              std::string::npos)
        << run.err;
}

} // namespace
} // namespace catlab::testing
