/* N-body simulation of the Jovian planets (benchmarks-game algorithm). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench_util.h"

#define NB 5

static double energy(const double *pos, const double *vel, const double *mass) {
    double e = 0.0;
    for (int i = 0; i < NB; i++) {
        double vx = vel[3 * i], vy = vel[3 * i + 1], vz = vel[3 * i + 2];
        e = e + 0.5 * mass[i] * (vx * vx + vy * vy + vz * vz);
        for (int j = i + 1; j < NB; j++) {
            double dx = pos[3 * i] - pos[3 * j];
            double dy = pos[3 * i + 1] - pos[3 * j + 1];
            double dz = pos[3 * i + 2] - pos[3 * j + 2];
            e = e - mass[i] * mass[j] / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void advance(double *pos, double *vel, const double *mass, double dt) {
    for (int i = 0; i < NB; i++) {
        for (int j = i + 1; j < NB; j++) {
            double dx = pos[3 * i] - pos[3 * j];
            double dy = pos[3 * i + 1] - pos[3 * j + 1];
            double dz = pos[3 * i + 2] - pos[3 * j + 2];
            double d2 = dx * dx + dy * dy + dz * dz;
            double mag = dt / (d2 * sqrt(d2));
            double mj = mass[j] * mag, mi = mass[i] * mag;
            vel[3 * i] -= dx * mj;
            vel[3 * i + 1] -= dy * mj;
            vel[3 * i + 2] -= dz * mj;
            vel[3 * j] += dx * mi;
            vel[3 * j + 1] += dy * mi;
            vel[3 * j + 2] += dz * mi;
        }
    }
    for (int k = 0; k < 3 * NB; k++) pos[k] = pos[k] + dt * vel[k];
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100;
    const double pi = 3.141592653589793, solar_mass = 4.0 * pi * pi, dpy = 365.24;
    double pos[3 * NB] = {0.0, 0.0, 0.0,
        4.84143144246472090, -1.16032004402742839, -0.103622044471123109,
        8.34336671824457987, 4.12479856412430479, -0.403523417114321381,
        12.8943695621391310, -15.1111514016986312, -0.223307578892655734,
        15.3796971148509165, -25.9193146099879641, 0.179258772950371181};
    double vel[3 * NB] = {0.0, 0.0, 0.0,
        0.00166007664274403694 * dpy, 0.00769901118419740425 * dpy, -0.0000690460016972063023 * dpy,
        -0.00276742510726862411 * dpy, 0.00499852801234917238 * dpy, 0.0000230417297573763929 * dpy,
        0.00296460137564761618 * dpy, 0.00237847173959480950 * dpy, -0.0000296589568540237556 * dpy,
        0.00268067772490389322 * dpy, 0.00162824170038242295 * dpy, -0.0000951592254519715870 * dpy};
    double mass[NB] = {solar_mass,
        0.000954791938424326609 * solar_mass,
        0.000285885980666130812 * solar_mass,
        0.0000436624404335156298 * solar_mass,
        0.0000515138902046611451 * solar_mass};
    double px = 0.0, py = 0.0, pz = 0.0;
    for (int b = 0; b < NB; b++) {
        px = px + vel[3 * b] * mass[b];
        py = py + vel[3 * b + 1] * mass[b];
        pz = pz + vel[3 * b + 2] * mass[b];
    }
    vel[0] = 0.0 - px / solar_mass;
    vel[1] = 0.0 - py / solar_mass;
    vel[2] = 0.0 - pz / solar_mass;
    print_float(energy(pos, vel, mass));
    for (long s = 0; s < n; s++) advance(pos, vel, mass, 0.01);
    print_float(energy(pos, vel, mass));
    return 0;
}
