package main

import (
	"strings"
	"testing"
	"time"
)

// filesEnv are the variables readFilesConfig reads.
var filesEnv = []string{"MOS_SIGNING_KEY", "MOS_UPLOAD_LIMIT_BYTES", "MOS_DOWNLOAD_REDIRECT_ABOVE_BYTES", "MOS_ZIP_MAX_ENTRIES",
	"MOS_ZIP_MAX_BYTES", "MOS_BLOB_SWEEP_EVERY", "MOS_BLOB_SWEEP_GRACE", "MOS_DOWNLOAD_URL_TTL",
	"MOS_UPLOAD_TIMEOUT", "MOS_DOWNLOAD_TIMEOUT"}

// setFilesEnv clears every files variable, then sets env (t.Setenv: not parallel).
func setFilesEnv(t *testing.T, env map[string]string) {
	t.Helper()
	for _, name := range filesEnv {
		t.Setenv(name, env[name])
	}
}

func TestReadFilesConfigDefaults(t *testing.T) {
	setFilesEnv(t, nil)
	c, err := readFilesConfig()
	if err != nil {
		t.Fatal(err)
	}
	// Zero sizes and TTL leave the service's defaults (100 MB, 20 MB, 15 minutes, 1000 files, 1 GiB).
	a := c.attachments
	if a.SigningKey != nil || a.UploadLimitBytes != 0 || a.RedirectAboveBytes != 0 || a.ZipMaxEntries != 0 ||
		a.ZipMaxBytes != 0 || a.SignedURLTTL != 0 || c.sweepEvery != time.Hour || c.sweepGrace != time.Hour {
		t.Fatalf("defaults %+v", c)
	}
}

func TestReadFilesConfigOverrides(t *testing.T) {
	key := strings.Repeat("k", 32)
	setFilesEnv(t, map[string]string{
		"MOS_SIGNING_KEY": key, "MOS_UPLOAD_LIMIT_BYTES": "1000", "MOS_DOWNLOAD_REDIRECT_ABOVE_BYTES": "500",
		"MOS_ZIP_MAX_ENTRIES": "7", "MOS_ZIP_MAX_BYTES": "9000", "MOS_BLOB_SWEEP_EVERY": "0", "MOS_BLOB_SWEEP_GRACE": "30m",
		"MOS_DOWNLOAD_URL_TTL": "90s", "MOS_UPLOAD_TIMEOUT": "20m", "MOS_DOWNLOAD_TIMEOUT": "2h",
	})
	c, err := readFilesConfig()
	if err != nil {
		t.Fatal(err)
	}
	a := c.attachments
	if string(a.SigningKey) != key || a.UploadLimitBytes != 1000 || a.RedirectAboveBytes != 500 || a.ZipMaxEntries != 7 || a.ZipMaxBytes != 9000 ||
		c.sweepEvery != 0 || c.sweepGrace != 30*time.Minute || a.SignedURLTTL != 90*time.Second ||
		a.UploadTimeout != 20*time.Minute || a.DownloadTimeout != 2*time.Hour {
		t.Fatalf("overrides %+v", c)
	}
}

func TestReadFilesConfigRefusesBadValues(t *testing.T) {
	for name, value := range map[string]string{
		"MOS_SIGNING_KEY":                   "short",
		"MOS_UPLOAD_LIMIT_BYTES":            "0",
		"MOS_DOWNLOAD_REDIRECT_ABOVE_BYTES": "20MB",
		"MOS_ZIP_MAX_ENTRIES":               "99999999999",
		"MOS_ZIP_MAX_BYTES":                 "-1",
		"MOS_BLOB_SWEEP_EVERY":              "hourly",
		"MOS_BLOB_SWEEP_GRACE":              "-1h",
		"MOS_DOWNLOAD_URL_TTL":              "0s",
		"MOS_UPLOAD_TIMEOUT":                "-5m",
		"MOS_DOWNLOAD_TIMEOUT":              "soon",
	} {
		t.Run(name, func(t *testing.T) {
			setFilesEnv(t, map[string]string{name: value})
			_, err := readFilesConfig()
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("%s=%q: %v, want an error naming %s", name, value, err, name)
			}
		})
	}
}

// Values that parse but that the server cannot work with: an upload limit whose sum with the
// form's overhead overflows (every upload would be 413), and a sweep grace so short that the
// sweeper deletes the temp file of an upload still arriving.
func TestReadFilesConfigRefusesValuesOutOfBounds(t *testing.T) {
	cases := []struct {
		name  string
		env   map[string]string
		names string // the variable the error names
	}{
		{"upload limit near MaxInt64", map[string]string{"MOS_UPLOAD_LIMIT_BYTES": "9223372036854775807"}, "MOS_UPLOAD_LIMIT_BYTES"},
		{"upload limit over 1 TiB", map[string]string{"MOS_UPLOAD_LIMIT_BYTES": "1099511627777"}, "MOS_UPLOAD_LIMIT_BYTES"},
		{"no grace", map[string]string{"MOS_BLOB_SWEEP_GRACE": "0s"}, "MOS_BLOB_SWEEP_GRACE"},
		{"a grace of seconds", map[string]string{"MOS_BLOB_SWEEP_GRACE": "30s", "MOS_UPLOAD_TIMEOUT": "10s"}, "MOS_BLOB_SWEEP_GRACE"},
		{"grace within the default upload deadline", map[string]string{"MOS_BLOB_SWEEP_GRACE": "20m"}, "MOS_BLOB_SWEEP_GRACE"},
		{"grace equal to the upload deadline", map[string]string{"MOS_BLOB_SWEEP_GRACE": "2h", "MOS_UPLOAD_TIMEOUT": "2h"}, "MOS_BLOB_SWEEP_GRACE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			setFilesEnv(t, c.env)
			_, err := readFilesConfig()
			if err == nil || !strings.Contains(err.Error(), c.names) {
				t.Fatalf("%v: %v, want an error naming %s", c.env, err, c.names)
			}
		})
	}
	// The bounds themselves are accepted.
	setFilesEnv(t, map[string]string{"MOS_UPLOAD_LIMIT_BYTES": "1099511627776", "MOS_BLOB_SWEEP_GRACE": "5m", "MOS_UPLOAD_TIMEOUT": "4m"})
	if c, err := readFilesConfig(); err != nil || c.attachments.UploadLimitBytes != 1<<40 || c.sweepGrace != 5*time.Minute {
		t.Fatalf("bounds refused: %+v %v", c, err)
	}
}
