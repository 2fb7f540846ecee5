package tests

import (
	"time"

	"mos/internal/shared/webhooks"
)

// testWebhookTimeout is how long the test server's worker waits for a receiver: short, so
// that a receiver that hangs fails its attempt quickly.
const testWebhookTimeout = 500 * time.Millisecond

// testWebhooks is how the test server delivers webhooks: to receivers on the loopback
// address (httptest servers, plain http), polling often so that events arrive at once.
func testWebhooks() webhooks.WorkerConfig {
	targets, err := webhooks.ParseAllowedHosts("127.0.0.1")
	if err != nil {
		panic(err)
	}
	return webhooks.WorkerConfig{Targets: targets, Timeout: testWebhookTimeout, PollInterval: 20 * time.Millisecond}
}
