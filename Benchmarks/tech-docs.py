#!/usr/bin/env python3
"""Flags per 1,000 words on real technical documents, ours and Harper's in the same run, and what
`proofread --fix` changes in copies of them.

  python3 Benchmarks/tech-docs.py [--checker .build/release/writing-tools] [--out Benchmarks/out/tech-docs]
                                  [--no-harper] [--no-fix]

The documents (listed in ``DOCUMENTS``, with the command that renders or reads each) come from
Debian packages (``scripts/install-deps.sh`` installs them: man-db, debian-policy, zstd, …) and
from public READMEs stored under ``Benchmarks/tech-docs/`` (their licences allow it; the
repository, commit and licence of each are in that folder's SOURCES.md). Nothing is downloaded.

What it writes to ``--out``:
  corpus/NAME.txt|.md    the documents as checked;
  flags.txt              every flag of ours: document, line:column, rule, the flagged text, the
                         first suggestion and the message (judged by hand in README-tech-docs.md);
  harper-flags.txt       the same for Harper;
  fix.diff               `proofread --fix --no-backup` on copies: a unified diff per document;
  summary.json           the figures of the table printed.

Words are counted the same way for both checkers: runs of letters (with inner apostrophes or
hyphens) in the whole document, code and layout included. Our checker runs as `proofread --batch`
(one process, every document one record, Markdown documents with "markup": "markdown"); Harper
as ``/work/shared/tools/peers/harper_checker.py`` (harper-py, Harper's default rules), with
``--markup markdown`` for the Markdown documents and plain text otherwise. Both get en-US.
"""
import argparse
import difflib
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STORED = os.path.join(HERE, "tech-docs")
HARPER = "/work/shared/tools/peers/harper_checker.py"

# name, markup, shell command printing the document (run with bash; `col -b` strips a man
# page's overstrikes; MANWIDTH fixes the line length so that the layout is the same everywhere).
MAN = "MANWIDTH=80 MAN_KEEP_FORMATTING=0 man -P cat {} 2>/dev/null | col -b"
DOCUMENTS = [
    ("gpl-3", "plain", "cat /usr/share/common-licenses/GPL-3"),
    ("apache-2.0", "plain", "cat /usr/share/common-licenses/Apache-2.0"),
    ("coreutils-readme", "plain", "zcat /usr/share/doc/coreutils/README.gz"),
    ("debian-policy-ch4", "plain",
     "zcat -f /usr/share/doc/debian-policy/policy.txt.gz | "
     "awk '/^4\\. Source packages$/{p=1} /^5\\. Control files and their fields$/{p=0} p'"),
    ("git-readme", "markdown", "cat /usr/share/doc/git/README.md"),
    ("man-tar", "plain", MAN.format("1 tar")),
    ("man-grep", "plain", MAN.format("1 grep")),
    ("man-zstd", "plain", MAN.format("1 zstd")),
    ("man-ls", "plain", MAN.format("1 ls")),
    ("help-tar", "plain", "LC_ALL=C tar --help"),
    ("zstd-readme", "markdown", "zcat /usr/share/doc/zstd/README.md.gz"),
    ("ripgrep-readme", "markdown", f"cat {STORED}/ripgrep-README.md"),
    ("pip-dependency-resolution", "markdown", f"cat {STORED}/pip-dependency-resolution.md"),
    ("pip-configuration", "markdown", f"cat {STORED}/pip-configuration.md"),
]

# Documents NOT in the benchmark above, for measuring changes on text unseen while working (issue
# 31, session 41): man pages and Debian's READMEs, checked by `--set other` (no true-finding list).
OTHER_DOCUMENTS = [
    ("man-ssh", "plain", MAN.format("1 ssh")),
    ("man-git-commit", "plain", MAN.format("1 git-commit")),
    ("man-apt-get", "plain", MAN.format("8 apt-get")),
    ("man-make", "plain", MAN.format("1 make")),
    ("man-gzip", "plain", MAN.format("1 gzip")),
    ("man-chmod", "plain", MAN.format("1 chmod")),
    ("man-hunspell", "plain", MAN.format("1 hunspell")),
    ("man-man", "plain", MAN.format("1 man")),
    ("man-diff", "plain", MAN.format("1 diff")),
    ("man-patch", "plain", MAN.format("1 patch")),
    ("man-dpkg", "plain", MAN.format("1 dpkg")),
    ("man-bash-builtins", "plain", MAN.format("7 bash-builtins")),
    ("man-zshbuiltins", "plain", MAN.format("1 zshbuiltins")),
    ("apt-readme", "markdown", "zcat /usr/share/doc/apt/README.md.gz"),
    ("at-spi2-readme", "markdown", "zcat /usr/share/doc/at-spi2-core/README.md.gz"),
    ("dejavu-readme", "markdown", "cat /usr/share/doc/fonts-dejavu-core/README.md"),
    ("dbus-readme", "plain", "zcat /usr/share/doc/dbus/README.gz"),
    ("e2fsprogs-readme", "plain", "cat /usr/share/doc/e2fsprogs/README"),
    ("findutils-readme", "plain", "zcat /usr/share/doc/findutils/README.gz"),
    ("gdb-readme", "plain", "zcat /usr/share/doc/gdb/README.gz"),
    ("fakeroot-readme", "plain", "cat /usr/share/doc/fakeroot/README"),
    ("gettext-readme", "plain", "cat /usr/share/doc/gettext/README"),
    ("bash-readme", "plain", "zcat /usr/share/doc/bash/README.gz"),
    ("ed-readme", "plain", "zcat /usr/share/doc/ed/README.gz"),
    ("fhs-readme", "plain", "cat /usr/share/doc/base-files/README.FHS"),
    ("cscope-readme", "plain", "cat /usr/share/doc/cscope/README"),
]

# Documents of a `--fix` trial (issue 31, session 44): 40 files of /usr/share/doc packages m–z and 10
# man pages, none of them in the benchmark, in `--set other` or in the s42 trial (m–z READMEs and man
# pages, README-tech-docs.md), each cut to its first 400 lines (man pages 300). `--set trial-s44`.
DOC = "zcat -f /usr/share/doc/{} | sed -n 1,400p"
MAN_CUT = MAN + " | sed -n 1,300p"
TRIAL_S44_DOCUMENTS = [
    ("man-db-faq", "plain", DOC.format("man-db/FAQ")),
    ("ncurses-faq", "plain", DOC.format("ncurses-base/FAQ")),
    ("nodejs-onboarding", "markdown", DOC.format("nodejs/onboarding.md")),
    ("nodejs-glossary", "markdown", DOC.format("nodejs/glossary.md")),
    ("openssh-readme-tun", "plain", DOC.format("openssh-client/README.tun.gz")),
    ("openssl-readme-engines", "markdown", DOC.format("openssl/README-ENGINES.md.gz")),
    ("openjdk-readme-debian", "plain", DOC.format("openjdk-17-jdk/README.Debian")),
    ("passwd-readme-debian", "plain", DOC.format("passwd/README.Debian")),
    ("patch-news", "plain", DOC.format("patch/NEWS.gz")),
    ("procps-faq", "plain", DOC.format("procps/FAQ.gz")),
    ("procps-bugs", "markdown", DOC.format("procps/bugs.md")),
    ("python-policy", "plain", DOC.format("python3/python-policy.txt.gz")),
    ("oauthlib-readme", "plain", DOC.format("python3-oauthlib/README.rst.gz")),
    ("xmltodict-readme", "markdown", DOC.format("python3-xmltodict/README.md.gz")),
    ("python-readme-venv", "plain", DOC.format("python3.11/README.venv")),
    ("python-readme-valgrind", "plain", DOC.format("python3.11/README.valgrind.gz")),
    ("sedfaq", "plain", DOC.format("sed/sedfaq.txt.gz")),
    ("sgml-base-readme-debian", "plain", DOC.format("sgml-base/README.Debian")),
    ("systemd-coding-style", "markdown", DOC.format("systemd/CODING_STYLE.md.gz")),
    ("systemd-hacking", "markdown", DOC.format("systemd/HACKING.md.gz")),
    ("systemd-distro-porting", "markdown", DOC.format("systemd/DISTRO_PORTING.md")),
    ("tcl-readme", "markdown", DOC.format("tcl8.6/README.md.gz")),
    ("time-news", "plain", DOC.format("time/NEWS.gz")),
    ("util-linux-deprecated", "plain", DOC.format("util-linux/deprecated.txt")),
    ("valgrind-faq", "plain", DOC.format("valgrind/FAQ.txt.gz")),
    ("valgrind-missing-syscall", "plain", DOC.format("valgrind/README_MISSING_SYSCALL_OR_IOCTL.gz")),
    ("wordnet-readme", "plain", DOC.format("wordnet/README.gz")),
    ("wrk-readme", "markdown", DOC.format("wrk/README.md")),
    ("xclip-readme", "plain", DOC.format("xclip/README")),
    ("xdg-utils-readme", "plain", DOC.format("xdg-utils/README")),
    ("xz-readme", "plain", DOC.format("xz-utils/README.gz")),
    ("xz-faq", "plain", DOC.format("xz-utils/faq.txt.gz")),
    ("yq-readme", "plain", DOC.format("yq/README.rst.gz")),
    ("zlib-faq", "plain", DOC.format("zlib1g-dev/FAQ.gz")),
    ("zlib-algorithm", "plain", DOC.format("zlib1g-dev/algorithm.txt.gz")),
    ("zsh-faq", "plain", DOC.format("zsh-common/FAQ.gz")),
    ("zutty-readme", "plain", DOC.format("zutty/README.org.gz")),
    ("strace-news", "plain", DOC.format("strace/NEWS.gz")),
    ("pinentry-news", "plain", DOC.format("pinentry-curses/NEWS.gz")),
    ("x11-compositeproto", "plain", DOC.format("x11proto-dev/compositeproto.txt.gz")),
    ("man-ssh-keygen", "plain", MAN_CUT.format("1 ssh-keygen")),
    ("man-strace", "plain", MAN_CUT.format("1 strace")),
    ("man-vim", "plain", MAN_CUT.format("1 vim")),
    ("man-useradd", "plain", MAN_CUT.format("8 useradd")),
    ("man-su", "plain", MAN_CUT.format("1 su")),
    ("man-scp", "plain", MAN_CUT.format("1 scp")),
    ("man-python3", "plain", MAN_CUT.format("1 python3")),
    ("man-perl", "plain", MAN_CUT.format("1 perl")),
    ("man-umount", "plain", MAN_CUT.format("8 umount")),
    ("man-sqlite3", "plain", MAN_CUT.format("1 sqlite3")),
]

# Held-out documents of session 47 (issue 31): none of them in the lists above, in the trials of
# sessions 42–46 (/tmp/trial4*-docs), in the grammar helpers' real-text corpus (READMEs of
# /usr/share/doc) or in the summaries benchmark. Judged once before the session's changes, never tuned
# on after that: `--set heldout-s47` re-measures them (README-tech-docs.md, session 47).
PYPKG = "/usr/lib/python3/dist-packages"
HELDOUT_S47_DOCUMENTS = [
    ("xmlsec-examples-readme", "markdown", "cat /usr/share/doc/libxmlsec1-dev/examples/README.md"),
    ("libjpeg-library-doc", "plain", DOC.format("libjpeg62-turbo-dev/libjpeg.txt.gz")),
    ("xz-file-format", "plain", "zcat /usr/share/doc/liblzma-dev/xz-file-format.txt.gz | sed -n 1,500p"),
    ("haproxy-proxy-protocol", "plain", DOC.format("haproxy/proxy-protocol.txt.gz")),
    ("x11-presentproto", "plain", DOC.format("x11proto-dev/presentproto.txt.gz")),
    ("systemd-uids-gids", "markdown", "zcat /usr/share/doc/systemd/UIDS-GIDS.md.gz | sed -n 1,300p"),
    ("pip-vcs-support", "markdown", "zcat /usr/share/doc/python3-pip/html/topics/vcs-support.md.gz"),
    ("argcomplete-pkg-info", "plain", f"cat {PYPKG}/argcomplete-2.0.0.egg-info/PKG-INFO"),
    ("distro-metadata", "plain", f"cat {PYPKG}/distro-1.8.0.dist-info/METADATA"),
    ("toml-pkg-info", "plain", f"cat {PYPKG}/toml-0.10.2.egg-info/PKG-INFO"),
    ("man-column", "plain", MAN.format("1 column")),
    ("man-flock", "plain", MAN.format("1 flock")),
    ("man-findmnt", "plain", MAN_CUT.format("8 findmnt")),
    ("man-gpg-agent", "plain", MAN_CUT.format("1 gpg-agent")),
    ("libpipeline-news", "markdown", "zcat /usr/share/doc/libpipeline1/NEWS.md.gz"),
    ("openssl-news", "markdown", "zcat /usr/share/doc/openssl/NEWS.md.gz | sed -n 1,300p"),
    ("lsof-faq", "plain", "zcat /usr/share/doc/lsof/00FAQ.gz | sed -n 520,920p"),
]

# Held-out documents of session 48 (issue 31): packages and commands in none of the lists above, in
# the trials of sessions 42–46 (m–z READMEs) or in the summaries benchmark: /usr/share/doc files of
# a–l packages, man pages of other commands (cut to 300 lines) and Python packages' metadata. Run once
# on main's build before the session's changes and judged flag by flag; `--set heldout-s48`.
HELDOUT_S48_DOCUMENTS = [
    ("libpng-manual", "plain", DOC.format("libpng16-16/libpng-manual.txt.gz")),
    ("libidn2-readme", "markdown", "zcat /usr/share/doc/libidn2-0/README.md.gz"),
    ("libnss-mdns-readme", "markdown", "zcat /usr/share/doc/libnss-mdns/README.md.gz"),
    ("libcrypt-readme", "markdown", "zcat /usr/share/doc/libcrypt-dev/README.md.gz"),
    ("iso-codes-readme", "markdown", "zcat /usr/share/doc/iso-codes/README.md.gz"),
    ("base-passwd-users-groups", "plain", DOC.format("base-passwd/users-and-groups.txt.gz")),
    ("libgcrypt-readme", "plain", "zcat /usr/share/doc/libgcrypt20/README.gz"),
    ("groff-readme", "plain", "zcat /usr/share/doc/groff-base/README.gz"),
    ("libgnutls-readme", "markdown", "zcat /usr/share/doc/libgnutls30/README.md.gz"),
    ("libcbor-readme", "markdown", "cat /usr/share/doc/libcbor0.8/README.md"),
    ("jq-readme", "markdown", "cat /usr/share/doc/jq/README"),
    ("msgpack-pkg-info", "plain", f"cat {PYPKG}/msgpack-1.0.3.egg-info/PKG-INFO"),
    ("pyparsing-metadata", "plain", f"cat {PYPKG}/pyparsing-3.0.9.dist-info/METADATA"),
    ("man-xargs", "plain", MAN.format("1 xargs")),
    ("man-journalctl", "plain", MAN_CUT.format("1 journalctl")),
    ("man-wget", "plain", MAN_CUT.format("1 wget")),
    ("man-ps", "plain", MAN_CUT.format("1 ps")),
    ("man-ip", "plain", MAN.format("8 ip")),
]

# Held-out documents of session 49 (issue 31): packages and commands in none of the lists above, in
# the trials of sessions 42–46 or in the summaries benchmark: changelogs (NEWS, Debian changelogs, cut),
# container tools' and libraries' Markdown READMEs, and man pages of other commands. Run once on
# main's build before the session's changes and judged flag by flag; `--set heldout-s49`.
HELDOUT_S49_DOCUMENTS = [
    ("diffutils-news", "plain", "zcat /usr/share/doc/diffutils/NEWS.gz | sed -n 1,300p"),
    ("fakechroot-news", "markdown", "zcat /usr/share/doc/fakechroot/NEWS.md.gz"),
    ("bzip2-changelog", "plain", "zcat /usr/share/doc/bzip2/changelog.gz"),
    ("fontconfig-changelog", "plain", "zcat /usr/share/doc/fontconfig/changelog.gz | sed -n 1,250p"),
    ("conmon-readme", "markdown", "cat /usr/share/doc/conmon/README.md"),
    ("crun-readme", "markdown", "zcat /usr/share/doc/crun/README.md.gz"),
    ("buildah-readme", "markdown", "zcat /usr/share/doc/buildah/README.md.gz"),
    ("containers-image-readme", "markdown", "cat /usr/share/doc/golang-github-containers-image/README.md"),
    ("fuse-overlayfs-readme", "markdown", "cat /usr/share/doc/fuse-overlayfs/README.md"),
    ("libffi-readme", "markdown", "zcat /usr/share/doc/libffi8/README.md.gz | sed -n 1,400p"),
    ("commons-cli-readme", "markdown", "zcat /usr/share/doc/libcommons-cli-java/README.md.gz"),
    ("debootstrap-readme", "plain", "cat /usr/share/doc/debootstrap/README"),
    ("man-find", "plain", MAN_CUT.format("1 find")),
    ("man-ssh-add", "plain", MAN.format("1 ssh-add")),
    ("man-unzip", "plain", MAN_CUT.format("1 unzip")),
    ("man-objdump", "plain", MAN_CUT.format("1 objdump")),
    ("man-timedatectl", "plain", MAN.format("1 timedatectl")),
    ("man-mount", "plain", MAN_CUT.format("8 mount")),
]

# Held-out documents of session 50 (issue 31): packages and commands in none of the lists above, in
# the trials of sessions 42–46 and 49 (m–z and a–l READMEs, NEWS files, the s43 man pages, the s49
# new-user trial's files) or in the summaries benchmark: container and systemd guides in Markdown,
# manuals and checklists in plain text (cut), and man pages of sections 1, 5 and 7. The list was
# committed before any run; run once on main's build (70e20ae) before the session's changes and
# judged flag by flag; `--set heldout-s50`.
HELDOUT_S50_DOCUMENTS = [
    ("podman-troubleshooting", "markdown", "zcat /usr/share/doc/podman/troubleshooting.md.gz | sed -n 1,300p"),
    ("podman-rootless-tutorial", "markdown", "zcat /usr/share/doc/podman/rootless_tutorial.md.gz"),
    ("runc-terminals", "markdown", "zcat /usr/share/doc/runc/terminals.md.gz | sed -n 1,300p"),
    ("systemd-environment", "markdown", "zcat /usr/share/doc/systemd/ENVIRONMENT.md.gz | sed -n 1,300p"),
    ("nodejs-building", "markdown", "cat /usr/share/doc/nodejs/BUILDING.md | sed -n 1,300p"),
    ("haproxy-management", "plain", DOC.format("haproxy/management.txt.gz")),
    ("fuse-kernel", "plain", DOC.format("libfuse3-3/kernel.txt.gz")),
    ("util-linux-howto-contribute", "plain", DOC.format("util-linux/howto-contribute.txt.gz")),
    ("debian-upgrading-checklist", "plain", "zcat /usr/share/doc/debian-policy/upgrading-checklist.txt.gz | sed -n 1,300p"),
    ("man-db-manual", "plain", DOC.format("man-db/man-db-manual.txt.gz")),
    ("fontconfig-user", "plain", DOC.format("fontconfig/fontconfig-user.txt.gz")),
    ("man-sed", "plain", MAN.format("1 sed")),
    ("man-systemctl", "plain", MAN_CUT.format("1 systemctl")),
    ("man-git-rebase", "plain", MAN_CUT.format("1 git-rebase")),
    ("man-ssh-config", "plain", MAN_CUT.format("5 ssh_config")),
    ("man-fstab", "plain", MAN.format("5 fstab")),
    ("man-regex", "plain", MAN.format("7 regex")),
    ("man-dpkg-deb", "plain", MAN.format("1 dpkg-deb")),
    ("man-nm", "plain", MAN_CUT.format("1 nm")),
]

# Held-out documents of session 51 (issue 31): packages and commands in none of the lists above, in
# the trials of sessions 42–46 and 49–50 or in the summaries benchmark: man pages of sections 1, 5, 7
# and 8 (git, systemd, e2fsprogs, util-linux, the C library's loader, binutils), NEWS files (grep,
# glibc, polkit, cut), Markdown READMEs and plain-text guides (PCRE, GCC's bug guide, GnuPG's HACKING,
# colorama, dictionaries-common). The list was committed before any run; run once on main's build
# (faa2c35) before the session's changes and judged flag by flag; `--set heldout-s51`.
HELDOUT_S51_DOCUMENTS = [
    ("man-git-stash", "plain", MAN.format("1 git-stash")),
    ("man-gitignore", "plain", MAN.format("5 gitignore")),
    ("man-systemd-service", "plain", MAN_CUT.format("5 systemd.service")),
    ("man-resolv-conf", "plain", MAN.format("5 resolv.conf")),
    ("man-hier", "plain", MAN.format("7 hier")),
    ("man-capabilities", "plain", MAN_CUT.format("7 capabilities")),
    ("man-tune2fs", "plain", MAN_CUT.format("8 tune2fs")),
    ("man-lsblk", "plain", MAN.format("8 lsblk")),
    ("man-ld-so", "plain", MAN_CUT.format("8 ld.so")),
    ("man-readelf", "plain", MAN_CUT.format("1 readelf")),
    ("pcre-readme", "plain", DOC.format("libpcre3/README.gz")),
    ("grep-news", "plain", "zcat /usr/share/doc/grep/NEWS.gz | sed -n 1,300p"),
    ("glibc-news", "plain", "zcat /usr/share/doc/libc6/NEWS.gz | sed -n 1,300p"),
    ("polkit-news", "markdown", "zcat /usr/share/doc/polkitd/NEWS.md.gz | sed -n 1,300p"),
    ("slirp4netns-readme", "markdown", "zcat /usr/share/doc/slirp4netns/README.md.gz"),
    ("libxml2-readme", "markdown", "cat /usr/share/doc/libxml2/README.md"),
    ("gcc-readme-bugs", "plain", "cat /usr/share/doc/gcc-12-base/README.Bugs"),
    ("gnupg-hacking", "plain", DOC.format("gnupg/HACKING.gz")),
    ("colorama-readme", "plain", DOC.format("python3-colorama/README.rst.gz")),
    ("dictionaries-common-problems", "plain", "cat /usr/share/doc/dictionaries-common/README.problems"),
]

# Held-out documents of session 52 (issue 31): packages and commands in none of the lists above, in
# the trials of sessions 42–46 or in the summaries benchmark: man pages of sections 1, 2, 3, 5 and 8
# (iptables, nftables, lz4, Neovim, device-mapper, dpkg-dev, mmdebstrap, hostname, containers-common,
# the C library's API pages of manpages-dev, GnuPG's gpgsm, heaptrack), Neovim's API reference and
# style guide (vim help text), NEWS and changelogs (GMP, libuv, Expat), plain
# guides (GMP's README, readline's USAGE, perf's tips, yajl's README, iptables' README.Debian) and a Markdown README
# (libsodium). The list was committed before any run; run once on main's build (0f9616e) before the
# session's changes and judged flag by flag; `--set heldout-s52`.
HELDOUT_S52_DOCUMENTS = [
    ("man-iptables", "plain", MAN_CUT.format("8 iptables")),
    ("man-nft", "plain", MAN_CUT.format("8 nft")),
    ("man-lz4", "plain", MAN.format("1 lz4")),
    ("man-nvim", "plain", MAN.format("1 nvim")),
    ("man-dmsetup", "plain", MAN_CUT.format("8 dmsetup")),
    ("man-dpkg-buildpackage", "plain", MAN_CUT.format("1 dpkg-buildpackage")),
    ("man-mmdebstrap", "plain", MAN_CUT.format("1 mmdebstrap")),
    ("man-hostname", "plain", MAN.format("1 hostname")),
    ("man-containerfile", "plain", MAN_CUT.format("5 Containerfile")),
    ("man-getaddrinfo", "plain", MAN.format("3 getaddrinfo")),
    ("man-open", "plain", MAN_CUT.format("2 open")),
    ("man-gpgsm", "plain", MAN_CUT.format("1 gpgsm")),
    ("man-heaptrack", "plain", MAN.format("1 heaptrack")),
    ("nvim-api", "plain", "sed -n 1,400p /usr/share/nvim/runtime/doc/api.txt"),
    ("nvim-dev-style", "plain", "sed -n 1,400p /usr/share/nvim/runtime/doc/dev_style.txt"),
    ("gmp-readme", "plain", "cat /usr/share/doc/libgmp-dev/README"),
    ("gmp-news", "plain", "zcat /usr/share/doc/libgmp-dev/NEWS.gz | sed -n 1,300p"),
    ("libuv-changelog", "plain", "zcat /usr/share/doc/libuv1/changelog.gz | sed -n 1,250p"),
    ("expat-changelog", "plain", "zcat /usr/share/doc/libexpat1-dev/changelog.gz | sed -n 1,250p"),
    ("readline-usage", "plain", "cat /usr/share/doc/libreadline-dev/USAGE"),
    ("perf-tips", "plain", "cat /usr/share/doc/linux-perf/tips.txt"),
    ("yajl-readme", "plain", "cat /usr/share/doc/libyajl2/README"),
    ("iptables-readme-debian", "plain", "cat /usr/share/doc/iptables/README.Debian"),
    ("libsodium-readme", "markdown", "cat /usr/share/doc/libsodium23/README.markdown"),
]

# Held-out documents of session 53 (issue 31): packages and commands in none of the lists above, in
# the trials of sessions 42–46 or in the summaries benchmark: man pages of sections 1, 5 and 8 (PAM,
# LLVM, X11, universal-ctags, ICU, libcap, CRIU, shadow's uidmap, ucf, libwww-perl, Google Cloud's
# CLI), GNU info manuals as text (libtasn1, libgpg-error, libmicrohttpd's tutorial), Python packages'
# metadata and news (greenlet, click, crcmod, wadllib), READMEs in Markdown, reStructuredText and plain
# text (jansson, nghttp2, GLib, double-conversion, Linux-PAM, underscore), NEWS files and change logs
# (gdk-pixbuf, MPFR, FriBidi) and guides (Debian's PAM policy, S-Lang's, IO::Socket::SSL's debugging
# notes). The list was committed before any run; run once on main's build (827876c) before the
# session's changes and judged flag by flag; `--set heldout-s53`.
INFO = "zcat /usr/share/info/{} | tr -d '\\037'"
HELDOUT_S53_DOCUMENTS = [
    ("man-pam-unix", "plain", MAN.format("8 pam_unix")),
    ("man-limits-conf", "plain", MAN.format("5 limits.conf")),
    ("man-llvm-cov", "plain", MAN_CUT.format("1 llvm-cov")),
    ("man-xrandr", "plain", MAN_CUT.format("1 xrandr")),
    ("man-ctags", "plain", MAN_CUT.format("1 ctags")),
    ("man-uconv", "plain", MAN.format("1 uconv")),
    ("man-capsh", "plain", MAN.format("1 capsh")),
    ("man-criu", "plain", MAN_CUT.format("8 criu")),
    ("man-newuidmap", "plain", MAN.format("1 newuidmap")),
    ("man-ucf", "plain", MAN.format("1 ucf")),
    ("man-lwp-request", "plain", MAN.format("1p lwp-request")),
    ("man-gcloud-storage-cp", "plain", MAN_CUT.format("1 gcloud_storage_cp")),
    ("libtasn1-info", "plain", INFO.format("libtasn1.info.gz") + " | sed -n 1,400p"),
    ("gpgrt-info", "plain", INFO.format("gpgrt.info.gz") + " | sed -n 1,400p"),
    ("libmicrohttpd-tutorial-info", "plain", INFO.format("libmicrohttpd-tutorial.info.gz") + " | sed -n 1,400p"),
    ("greenlet-pkg-info", "plain", f"cat {PYPKG}/greenlet-2.0.2.egg-info/PKG-INFO"),
    ("click-pkg-info", "plain", f"cat {PYPKG}/click-8.1.3.egg-info/PKG-INFO"),
    ("crcmod-pkg-info", "plain", f"cat {PYPKG}/crcmod-1.7.egg-info/PKG-INFO"),
    ("wadllib-news", "plain", f"cat {PYPKG}/wadllib/docs/NEWS.rst"),
    ("jansson-readme", "plain", "cat /usr/share/doc/libjansson4/README.rst"),
    ("nghttp2-readme", "plain", "zcat /usr/share/doc/libnghttp2-14/README.rst.gz | sed -n 1,300p"),
    ("glib-readme", "markdown", "cat /usr/share/doc/libglib2.0-0/README.md"),
    ("double-conversion-readme", "markdown", "cat /usr/share/doc/libdouble-conversion3/README.md"),
    ("fribidi-changelog", "plain", "zcat /usr/share/doc/libfribidi0/changelog.gz | sed -n 1,250p"),
    ("debian-pam-minipolicy", "plain", "zcat /usr/share/doc/libpam0g/Debian-PAM-MiniPolicy.gz"),
    ("linux-pam-readme", "plain", "cat /usr/share/doc/libpam0g/README"),
    ("underscore-readme", "markdown", "cat /usr/share/doc/libjs-underscore/README.md"),
    ("gdk-pixbuf-news", "plain", "zcat /usr/share/doc/libgdk-pixbuf-2.0-0/NEWS.gz | sed -n 1,250p"),
    ("mpfr-news", "plain", "zcat /usr/share/doc/libmpfr6/NEWS.gz | sed -n 1,250p"),
    ("slang-guide", "plain", "zcat /usr/share/doc/libslang2/slang.txt.gz | sed -n 1,400p"),
    ("io-socket-ssl-debugging", "plain", "cat /usr/share/doc/libio-socket-ssl-perl/debugging.txt"),
]

# Held-out documents of session 54 (issue 31): packages, man pages and files in none of the lists
# above, in the trials of sessions 42–46 or in the summaries and realdocs benchmarks: man pages of
# sections 1, 5 and 8 (xxd, git's attributes and worktrees, udev, pkgconf, apt-mark, APT's
# sources.list, systemd's loginctl, OpenSSL's req), GNU info manuals as text (bc, readline's user
# manual, libasprintf), Markdown READMEs and a change log of the Google Cloud CLI's gsutil and its
# vendored Python libraries (charset_normalizer, pyasn1, urllib3), ALSA's UCM debugging notes, plain
# guides (X11's xtrans and libXrender documents, ALSA's asoundrc example, Kerberos' README,
# Net::SSLeay's README, Algorithm::Diff's README) and NEWS files (Avahi, giflib, libksba, UPower).
# No .rst file (session 54 adds a reStructuredText reader). The list was committed before any run;
# run once on main's build (7cf552e) before the session's changes and judged flag by flag;
# `--set heldout-s54`.
GSUTIL = "/usr/lib/google-cloud-sdk/platform/gsutil"
HELDOUT_S54_DOCUMENTS = [
    ("man-xxd", "plain", MAN.format("1 xxd")),
    ("man-gitattributes", "plain", MAN_CUT.format("5 gitattributes")),
    ("man-git-worktree", "plain", MAN_CUT.format("1 git-worktree")),
    ("man-udevadm", "plain", MAN_CUT.format("8 udevadm")),
    ("man-pkgconf", "plain", MAN.format("1 pkgconf")),
    ("man-apt-mark", "plain", MAN.format("8 apt-mark")),
    ("man-sources-list", "plain", MAN_CUT.format("5 sources.list")),
    ("man-loginctl", "plain", MAN_CUT.format("1 loginctl")),
    ("man-openssl-req", "plain", MAN_CUT.format("1ssl openssl-req")),
    ("bc-info", "plain", INFO.format("bc.info.gz") + " | sed -n 1,400p"),
    ("rluserman-info", "plain", INFO.format("rluserman.info.gz") + " | sed -n 1,400p"),
    ("autosprintf-info", "plain", INFO.format("autosprintf.info.gz") + " | sed -n 1,400p"),
    ("charset-normalizer-readme", "markdown", f"cat {GSUTIL}/third_party/charset_normalizer/README.md"),
    ("pyasn1-readme", "markdown", f"cat {GSUTIL}/third_party/pyasn1/README.md"),
    ("urllib3-readme", "markdown", f"cat {GSUTIL}/third_party/urllib3/README.md"),
    ("gsutil-changes", "markdown", f"sed -n 1,250p {GSUTIL}/CHANGES.md"),
    ("alsa-ucm2-debug", "markdown", "cat /usr/share/alsa/ucm2/DEBUG.md"),
    ("xtrans-doc", "plain", DOC.format("xtrans-dev/xtrans.txt.gz")),
    ("libxrender-doc", "plain", DOC.format("libxrender-dev/libXrender.txt.gz")),
    ("asoundrc-example", "plain", "cat /usr/share/doc/libasound2/examples/asoundrc.txt"),
    ("krb5-readme", "plain", DOC.format("libkrb5-3/README.gz")),
    ("net-ssleay-readme", "plain", DOC.format("libnet-ssleay-perl/README.gz")),
    ("algorithm-diff-readme", "plain", "cat /usr/share/doc/libalgorithm-diff-perl/README"),
    ("avahi-news", "plain", "zcat /usr/share/doc/avahi-utils/NEWS.gz | sed -n 1,250p"),
    ("giflib-news", "plain", "zcat /usr/share/doc/libgif7/NEWS.gz | sed -n 1,250p"),
    ("ksba-news", "plain", "zcat /usr/share/doc/libksba8/NEWS.gz | sed -n 1,250p"),
    ("upower-news", "plain", "zcat /usr/share/doc/upower/NEWS.gz | sed -n 1,250p"),
]

# Held-out documents of session 55 (issue 31): packages, man pages and files in none of the lists
# above, in the trials of sessions 42–46 or in the summaries, realdocs and rst-docs benchmarks: man
# pages of sections 1, 7 and 8 (curl, less, dash, file, psmisc's fuser, the C library's iconv, the
# kernel's unix sockets, iproute2's ip), Markdown READMEs and change logs (libjpeg-turbo, requests,
# google-auth, httplib2, oauth2client's contributing guide), reStructuredText read as such (funcsigs,
# cachetools, PyJWT, setuptools' build_meta), plain-text protocol documents and guides (X11's font
# server and XDMCP protocols and RECORD extension, GTK 2's README), NEWS files (PyGObject,
# shared-mime-info, PulseAudio) and GNU info manuals as text (Nettle, libmicrohttpd's reference; the
# package's tutorial was in heldout-s53, this manual was not). The list was committed before any run;
# run once on main's build (d61a075) before the session's changes and judged flag by flag;
# `--set heldout-s55`.
TP = GSUTIL + "/third_party"
HELDOUT_S55_DOCUMENTS = [
    ("man-curl", "plain", MAN_CUT.format("1 curl")),
    ("man-less", "plain", MAN_CUT.format("1 less")),
    ("man-dash", "plain", MAN_CUT.format("1 dash")),
    ("man-file", "plain", MAN.format("1 file")),
    ("man-fuser", "plain", MAN.format("1 fuser")),
    ("man-iconv", "plain", MAN.format("1 iconv")),
    ("man-unix", "plain", MAN_CUT.format("7 unix")),
    ("man-ip", "plain", MAN.format("8 ip")),
    ("libjpeg-turbo-readme", "markdown", "zcat /usr/share/doc/libjpeg-dev/README.md.gz"),
    ("requests-history", "markdown", f"sed -n 1,250p {TP}/requests/HISTORY.md"),
    ("google-auth-changelog", "markdown", f"sed -n 1,250p {TP}/google-auth-library-python/CHANGELOG.md"),
    ("httplib2-readme", "markdown", f"cat {TP}/httplib2/README.md"),
    ("oauth2client-contributing", "markdown", f"cat {GSUTIL}/gslib/vendored/oauth2client/CONTRIBUTING.md"),
    ("funcsigs-readme", "rst", f"cat {TP}/funcsigs/README.rst"),
    ("cachetools-readme", "rst", f"cat {TP}/cachetools/README.rst"),
    ("pyjwt-readme", "rst", "cat /usr/share/doc/python3-jwt/README.rst"),
    ("setuptools-build-meta", "rst", "zcat /usr/share/doc/python3-setuptools/build_meta.rst.gz"),
    ("x11-fsproto", "plain", DOC.format("fontsproto/fsproto.txt.gz")),
    ("x11-xdmcp", "plain", DOC.format("libxdmcp-dev/xdmcp.txt.gz")),
    ("x11-recordproto", "plain", DOC.format("recordproto/record.txt.gz")),
    ("gtk2-readme", "plain", "zcat /usr/share/doc/libgtk2.0-common/README.gz"),
    ("pygobject-news", "plain", "zcat /usr/share/doc/python3-gi/NEWS.gz | sed -n 1,250p"),
    ("shared-mime-info-news", "plain", "zcat /usr/share/doc/shared-mime-info/NEWS.gz | sed -n 1,250p"),
    ("pulseaudio-news", "plain", "zcat /usr/share/doc/libpulse0/NEWS.gz | sed -n 1,250p"),
    ("nettle-info", "plain", INFO.format("nettle.info.gz") + " | sed -n 1,400p"),
    ("libmicrohttpd-info", "plain", INFO.format("libmicrohttpd.info.gz") + " | sed -n 1,400p"),
]

# Held-out documents of session 56 (issue 31): packages, man pages and files in none of the lists
# above, in the trials of sessions 42–46 or in the summaries, realdocs, rst-docs, recheck-window and
# rewrites benchmarks: man pages of sections 1, 5 and 7 (xz, systemd's units and journald.conf,
# socket(7), dpkg's deb-control, util-linux's unshare and hexdump, OpenSSL's x509), GNU info manuals
# as text (bzip2, findutils' maintenance manual, gzip), Node.js's API and contributor documents and
# pip's issue-triage guide in Markdown, reStructuredText read as such (pip's user guide, Python's
# README), X11's SYNC extension protocol, Python packages' metadata (pyOpenSSL, cryptography) and
# NEWS files (Pango, binutils, zsh). The list was committed before any run; run once on main's build
# (db018b9) before the session's changes and judged flag by flag; `--set heldout-s56`.
NODE = "/usr/share/doc/nodejs"
HELDOUT_S56_DOCUMENTS = [
    ("man-xz", "plain", MAN_CUT.format("1 xz")),
    ("man-systemd-unit", "plain", MAN_CUT.format("5 systemd.unit")),
    ("man-socket", "plain", MAN_CUT.format("7 socket")),
    ("man-deb-control", "plain", MAN_CUT.format("5 deb-control")),
    ("man-unshare", "plain", MAN.format("1 unshare")),
    ("man-openssl-x509", "plain", MAN_CUT.format("1ssl openssl-x509")),
    ("man-journald-conf", "plain", MAN_CUT.format("5 journald.conf")),
    ("man-hexdump", "plain", MAN.format("1 hexdump")),
    ("bzip2-info", "plain", INFO.format("bzip2.info.gz") + " | sed -n 1,400p"),
    ("find-maint-info", "plain", INFO.format("find-maint.info.gz") + " | sed -n 1,400p"),
    ("gzip-info", "plain", INFO.format("gzip.info.gz") + " | sed -n 1,400p"),
    ("nodejs-api-path", "markdown", f"cat {NODE}/api/path.md"),
    ("nodejs-api-events", "markdown", f"sed -n 1,300p {NODE}/api/events.md"),
    ("nodejs-writing-tests", "markdown", f"cat {NODE}/contributing/writing-tests.md"),
    ("pip-issue-triage", "markdown", "zcat /usr/share/doc/python3-pip/html/development/issue-triage.md.gz"),
    ("pip-user-guide", "rst", "zcat /usr/share/doc/python3-pip/html/user_guide.rst.gz | sed -n 1,400p"),
    ("python-readme-rst", "rst", "zcat /usr/share/doc/python3.11/README.rst.gz"),
    ("x11-syncproto", "plain", DOC.format("xextproto/sync.txt.gz")),
    ("pyopenssl-pkg-info", "plain", f"cat {PYPKG}/pyOpenSSL-23.0.0.egg-info/PKG-INFO"),
    ("cryptography-metadata", "plain", f"cat {PYPKG}/cryptography-38.0.4.dist-info/METADATA"),
    ("pango-news", "plain", "zcat /usr/share/doc/libpango-1.0-0/NEWS.gz | sed -n 1,250p"),
    ("binutils-news", "plain", "zcat /usr/share/doc/binutils/NEWS.gz | sed -n 1,250p"),
    ("zsh-news", "plain", "zcat /usr/share/doc/zsh-common/NEWS.gz | sed -n 1,250p"),
]

# The true findings in these documents (judged in README-tech-docs.md): each must stay flagged.
# (document, rule, flagged text)
TRUE_FINDINGS = [
    ("debian-policy-ch4", "SPELLING", "contructed"),
    ("debian-policy-ch4", "SPELLING", "mechaism"),
    ("debian-policy-ch4", "DOUBLE_PUNCTUATION", ".."),
    ("debian-policy-ch4", "UPPERCASE_SENTENCE_START", "options"),
    ("gpl-3", "EN_REDUNDANT_PHRASE", "GUI interface"),
    ("man-zstd", "SPELLING", "nb"),
    ("man-zstd", "UPPERCASE_SENTENCE_START", "specify"),
]

WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")


def words(text):
    return len(WORD.findall(text))


def render(out_dir, documents=None):
    """Writes every document to out_dir/corpus; returns [(name, markup, path, text)]."""
    documents = DOCUMENTS if documents is None else documents
    corpus = os.path.join(out_dir, "corpus")
    os.makedirs(corpus, exist_ok=True)
    docs = []
    for name, markup, cmd in documents:
        r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True)
        text = r.stdout
        if r.returncode != 0 or len(text.strip()) < 200:
            sys.exit(f"tech-docs: {name}: `{cmd}` gave no document (exit {r.returncode}): "
                     f"{r.stderr.strip()[:300]}\nRun: bash scripts/install-deps.sh")
        path = os.path.join(corpus, name + {"markdown": ".md", "rst": ".rst"}.get(markup, ".txt"))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        docs.append((name, markup, path, text))
    return docs


def run_batch(cmd, records, timeout=None):
    """Runs a checker speaking the batch protocol; returns {id: matches} and the wall time."""
    # A loaded machine (CI and several builds on two cores) may need longer: TECH_DOCS_TIMEOUT seconds.
    timeout = timeout or int(os.environ.get("TECH_DOCS_TIMEOUT", "600"))
    payload = "".join(json.dumps(r) + "\n" for r in records)
    t0 = time.time()
    r = subprocess.run(cmd, input=payload, capture_output=True, text=True, timeout=timeout, shell=True)
    wall = time.time() - t0
    if r.returncode != 0:
        sys.exit(f"tech-docs: `{cmd}` exited {r.returncode}: {r.stderr[-500:]}")
    out = {}
    for line in r.stdout.splitlines():
        if line.strip():
            o = json.loads(line)
            out[o["id"]] = o.get("matches", [])
    return out, wall


def utf16_index(text):
    """A function from a UTF-16 offset of `text` to a (line, column, str index) triple."""
    units = []  # str index per UTF-16 unit
    for i, c in enumerate(text):
        units.append(i)
        if ord(c) > 0xFFFF:
            units.append(i)
    units.append(len(text))
    def at(off):
        i = units[min(off, len(units) - 1)]
        line = text.count("\n", 0, i) + 1
        col = i - (text.rfind("\n", 0, i) + 1) + 1
        return line, col, i
    return at


def utf16_slice(text, offset, length):
    """The str slice of `text` for a UTF-16 offset and length."""
    at = utf16_index(text)
    return slice(at(offset)[2], at(offset + length)[2])


def describe(doc, matches):
    name, _, _, text = doc
    at = utf16_index(text)
    rows = []
    for m in sorted(matches, key=lambda m: m["offset"]):
        line, col, i = at(m["offset"])
        _, _, j = at(m["offset"] + m["length"])
        flagged = text[i:j].replace("\n", "⏎")
        reps = m.get("replacements") or []
        rows.append(f"{name}:{line}:{col}\t{m.get('rule', '?')}\t«{flagged}»\t→ {reps[0] if reps else '—'!s}"
                    f"\t{m.get('message', '')}")
    return rows


def fix_diff(checker, docs, out_dir):
    """`proofread --fix --no-backup` on copies; returns (unified diff text, changes per document)."""
    work = os.path.join(out_dir, "fixed")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    diffs, counts = [], {}
    for name, markup, path, text in docs:
        copy = os.path.join(work, os.path.basename(path))
        shutil.copyfile(path, copy)
        args = [checker, "proofread", "--fix", "--no-backup", "--language", "en-US", "--markup", markup, copy]
        subprocess.run(args, capture_output=True, text=True)
        with open(copy, encoding="utf-8") as f:
            fixed = f.read()
        a, b = text.splitlines(keepends=True), fixed.splitlines(keepends=True)
        d = list(difflib.unified_diff(a, b, fromfile=f"{name} (original)", tofile=f"{name} (--fix)", n=0))
        diffs.extend(d)
        counts[name] = sum(1 for x in d if x.startswith("-") and not x.startswith("---"))
    return "".join(diffs), counts


PLANTED = os.path.join(STORED, "planted-emails")


def planted_key():
    """The planted errors: [(file, context, error, [corrections], kind)] from planted-emails/KEY.tsv."""
    key = []
    with open(os.path.join(PLANTED, "KEY.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, context, error, corrections, kind = line.rstrip("\n").split("\t")
            key.append((name, context, error, corrections.split("|"), kind))
    return key


def planted_emails(args):
    """`--set planted-emails`: which planted errors are flagged (a flag overlapping the error) and
    fixed by `--fix` (the context with a listed correction in the fixed copy), the flags elsewhere and
    every `--fix` change that is no planted correction (each to be judged; harmful unless kept)."""
    key = planted_key()
    names = sorted({k[0] for k in key})
    docs = []
    for name in names:
        with open(os.path.join(PLANTED, name), encoding="utf-8") as f:
            text = f.read()
        docs.append((name, "plain", os.path.join(PLANTED, name), text))
    records = [{"id": d[0], "text": d[3], "language": "en-US", "markup": "plain"} for d in docs]
    ours, _ = run_batch(f"'{args.checker}' proofread --batch", records)
    fixed = {}
    work = os.path.join(args.out, "fixed")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for name, _, path, text in docs:
        copy = os.path.join(work, name)
        shutil.copyfile(path, copy)
        subprocess.run([args.checker, "proofread", "--fix", "--no-backup", "--language", "en-US",
                        "--markup", "plain", copy], capture_output=True, text=True)
        with open(copy, encoding="utf-8") as f:
            fixed[name] = f.read()
    found = fixed_n = 0
    spans = {n: [] for n in names}
    lines = []
    for name, context, error, corrections, kind in key:
        text = dict((d[0], d[3]) for d in docs)[name]
        start = text.index(context) + context.index(error)
        end = start + len(error)
        spans[name].append((start, end))
        at = utf16_index(text)
        hit = [m for m in ours.get(name, [])
               if at(m["offset"])[2] < end and at(m["offset"] + m["length"])[2] > start]
        ok_fix = any(context.replace(error, c, 1) in fixed[name] for c in corrections)
        found += bool(hit)
        fixed_n += ok_fix
        lines.append(f"{'FOUND' if hit else 'missed'}\t{'fixed' if ok_fix else '-'}\t{name}\t«{context}»"
                     f"\t{error} → {corrections[0]}\t{kind}\t"
                     + "; ".join(f"{m.get('rule')}: {(m.get('replacements') or ['—'])[0]}" for m in hit))
    others = []
    for d in docs:
        at = utf16_index(d[3])
        for m, row in zip(sorted(ours.get(d[0], []), key=lambda m: m["offset"]), describe(d, ours.get(d[0], []))):
            i, j = at(m["offset"])[2], at(m["offset"] + m["length"])[2]
            if not any(i < e and j > s for s, e in spans[d[0]]):
                others.append(row)
    # --fix changes that are no planted correction: the fixed copy against the original with every
    # planted error corrected as the fixed copy corrected it (or left as it was).
    stray = []
    for name, _, _, text in docs:
        ideal = text
        for kname, context, error, corrections, _ in key:
            if kname != name:
                continue
            for c in corrections:
                if context.replace(error, c, 1) in fixed[name]:
                    ideal = ideal.replace(context, context.replace(error, c, 1), 1)
                    break
        d = [x for x in difflib.unified_diff(ideal.splitlines(keepends=True), fixed[name].splitlines(keepends=True),
                                             fromfile=f"{name} (planted fixed)", tofile=f"{name} (--fix)", n=0)]
        stray.extend(d)
    words_all = sum(words(d[3]) for d in docs)
    print(f"planted errors: {len(key)}; found {found}, fixed by --fix {fixed_n}")
    print(f"flags elsewhere: {len(others)} in {words_all} words ({1000 * len(others) / words_all:.2f} /1k)")
    print(f"--fix changes that are no planted correction (judge each): "
          f"{sum(1 for x in stray if x.startswith('+') and not x.startswith('+++'))} line(s)")
    with open(os.path.join(args.out, "planted.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(args.out, "flags-elsewhere.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(others) + "\n")
    with open(os.path.join(args.out, "fix-stray.diff"), "w", encoding="utf-8") as f:
        f.write("".join(stray))
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump({"planted": len(key), "found": found, "fixed": fixed_n, "flags_elsewhere": len(others),
                   "words": words_all, "stray_fix_lines": [x for x in stray if x.startswith(("+", "-"))
                                                           and not x.startswith(("+++", "---"))]}, f, indent=1)
    print(f"per error: {args.out}/planted.txt; other flags: {args.out}/flags-elsewhere.txt; "
          f"stray --fix: {args.out}/fix-stray.diff")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checker", default=os.path.join(ROOT, ".build/release/writing-tools"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks/out/tech-docs"))
    ap.add_argument("--no-harper", action="store_true")
    ap.add_argument("--no-fix", action="store_true")
    ap.add_argument("--set", choices=("benchmark", "other", "trial-s44", "heldout-s47", "heldout-s48", "heldout-s49", "heldout-s50", "heldout-s51", "heldout-s52", "heldout-s53", "heldout-s54", "heldout-s55", "heldout-s56", "planted-emails"), default="benchmark",
                    help="the benchmark's documents, the other documents (OTHER_DOCUMENTS), session "
                         "44's --fix trial (TRIAL_S44_DOCUMENTS) or the held-out lists of sessions 47, "
                         "48 … 56 (HELDOUT_S47_DOCUMENTS … HELDOUT_S56_DOCUMENTS), or the "
                         "planted-error e-mails (tech-docs/planted-emails, scored against KEY.tsv)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.set == "planted-emails":
        return planted_emails(args)
    docs = render(args.out, {"other": OTHER_DOCUMENTS, "trial-s44": TRIAL_S44_DOCUMENTS,
                        "heldout-s47": HELDOUT_S47_DOCUMENTS,
                        "heldout-s48": HELDOUT_S48_DOCUMENTS,
                        "heldout-s49": HELDOUT_S49_DOCUMENTS,
                        "heldout-s50": HELDOUT_S50_DOCUMENTS,
                        "heldout-s51": HELDOUT_S51_DOCUMENTS,
                        "heldout-s52": HELDOUT_S52_DOCUMENTS,
                        "heldout-s53": HELDOUT_S53_DOCUMENTS,
                        "heldout-s54": HELDOUT_S54_DOCUMENTS,
                        "heldout-s55": HELDOUT_S55_DOCUMENTS,
                        "heldout-s56": HELDOUT_S56_DOCUMENTS}.get(args.set, DOCUMENTS))

    records = [{"id": d[0], "text": d[3], "language": "en-US", "markup": d[1]} for d in docs]
    ours, our_wall = run_batch(f"'{args.checker}' proofread --batch", records)
    harper, harper_wall = {}, 0.0
    if not args.no_harper:
        for markup in ("plain", "markdown", "rst"):  # Harper has no reStructuredText reader: plain text
            part = [r for r in records if r["markup"] == markup]
            if not part:
                continue
            flag = "markdown" if markup == "markdown" else "plaintext"
            got, wall = run_batch(f"python3 {HARPER} --markup {flag}",
                                  [{k: r[k] for k in ("id", "text", "language")} for r in part])
            harper.update(got)
            harper_wall += wall

    rows, our_lines, harper_lines = [], [], []
    for d in docs:
        n = words(d[3])
        a = len(ours.get(d[0], []))
        b = len(harper.get(d[0], [])) if not args.no_harper else None
        rows.append((d[0], d[1], n, a, b))
        our_lines += describe(d, ours.get(d[0], []))
        if not args.no_harper:
            harper_lines += describe(d, harper.get(d[0], []))
    total_words = sum(r[2] for r in rows)
    total_ours = sum(r[3] for r in rows)
    total_harper = sum(r[4] for r in rows) if not args.no_harper else None

    def per_k(x, n):
        return "—" if x is None else f"{1000 * x / n:.2f}"
    print(f"{'document':22} {'markup':8} {'words':>7} {'ours':>5} {'/1k':>6} {'harper':>7} {'/1k':>6}")
    for name, markup, n, a, b in rows:
        print(f"{name:22} {markup:8} {n:7} {a:5} {per_k(a, n):>6} {'—' if b is None else b:>7} {per_k(b, n):>6}")
    print(f"{'all':22} {'':8} {total_words:7} {total_ours:5} {per_k(total_ours, total_words):>6} "
          f"{'—' if total_harper is None else total_harper:>7} {per_k(total_harper, total_words):>6}")
    print(f"wall time, s: ours {our_wall:.2f}" + ("" if args.no_harper else f", harper {harper_wall:.2f}")
          + " (one process each, start-up included, warm file cache)")

    kept, lost = 0, []
    for name, rule, flagged in (TRUE_FINDINGS if args.set == "benchmark" else []):
        doc = next(d for d in docs if d[0] == name)
        if any(m.get("rule") == rule and doc[3][utf16_slice(doc[3], m["offset"], m["length"])] == flagged
               for m in ours.get(name, [])):
            kept += 1
        else:
            lost.append(f"{name} {rule} «{flagged}»")
    if args.set == "benchmark":
        print(f"true findings kept: {kept} of {len(TRUE_FINDINGS)}" + (f"; LOST: {', '.join(lost)}" if lost else ""))
    summary_true = {"kept": kept, "of": len(TRUE_FINDINGS), "lost": lost} if args.set == "benchmark" else None

    with open(os.path.join(args.out, "flags.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(our_lines) + "\n")
    if not args.no_harper:
        with open(os.path.join(args.out, "harper-flags.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(harper_lines) + "\n")
    summary = {"documents": [{"name": r[0], "markup": r[1], "words": r[2], "ours": r[3], "harper": r[4]} for r in rows],
               "words": total_words, "ours": total_ours, "harper": total_harper, "true_findings": summary_true}
    if not args.no_fix:
        diff, counts = fix_diff(args.checker, docs, args.out)
        with open(os.path.join(args.out, "fix.diff"), "w", encoding="utf-8") as f:
            f.write(diff)
        changed = sum(counts.values())
        print(f"--fix on copies: {changed} changed line(s): "
              + ", ".join(f"{k} {v}" for k, v in counts.items() if v) + f" (diff: {args.out}/fix.diff)")
        summary["fix_changed_lines"] = counts
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
    print(f"every flag: {args.out}/flags.txt" + ("" if args.no_harper else f", {args.out}/harper-flags.txt"))


if __name__ == "__main__":
    main()
