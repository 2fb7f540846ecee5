package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// secretPrefix starts every signing secret (the Standard Webhooks convention).
const secretPrefix = "whsec_"

// newSecret generates a signing secret: the prefix and the base64 of a 32-byte random key.
func newSecret() string {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails (Go 1.24+)
	return secretPrefix + base64.StdEncoding.EncodeToString(key)
}

// Sign answers the webhook-signature entry of body for one secret: "v1," and the base64 of
// HMAC-SHA256 over "id.timestamp.body" keyed with the secret's decoded key.
func Sign(secret, id string, timestamp time.Time, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, secretPrefix))
	if err != nil {
		return "", fmt.Errorf("webhook secret is not base64 after %s: %w", secretPrefix, err)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + strconv.FormatInt(timestamp.Unix(), 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// ReplayWindow is how far from its clock a receiver should accept webhook-timestamp.
const ReplayWindow = 5 * time.Minute

// Verify checks a request as a receiver should (the algorithm the spec documents): the
// timestamp within ReplayWindow of now, and one of the signatures in the header made with
// secret over exactly body. The tests verify deliveries with it.
func Verify(secret string, header map[string][]string, body []byte, now time.Time) error {
	get := func(name string) string {
		if v := header[name]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	id, ts, sigs := get("Webhook-Id"), get("Webhook-Timestamp"), get("Webhook-Signature")
	seconds, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("webhook-timestamp %q is not Unix seconds", ts)
	}
	at := time.Unix(seconds, 0)
	if d := now.Sub(at); d > ReplayWindow || d < -ReplayWindow {
		return fmt.Errorf("webhook-timestamp %s is more than %s from now", at.UTC(), ReplayWindow)
	}
	want, err := Sign(secret, id, at, body)
	if err != nil {
		return err
	}
	for _, sig := range strings.Fields(sigs) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return nil
		}
	}
	return fmt.Errorf("no signature in %q matches", sigs)
}
