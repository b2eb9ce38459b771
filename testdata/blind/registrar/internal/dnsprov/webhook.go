package dnsprov

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"time"
)

// Event is a zone lifecycle notification. The provider retries a delivery
// with backoff until it gets a 2xx.
type Event struct {
	ID         string    `json:"event_id"`
	Type       string    `json:"type"`
	ZoneID     string    `json:"zone_id"`
	ZoneName   string    `json:"zone_name"`
	OccurredAt time.Time `json:"occurred_at"`
}

const (
	EventZoneActivated = "zone.activated"
	EventZoneSuspended = "zone.suspended"
)

// VerifySignature checks the X-Zonecloud-Signature header (base64 HMAC-SHA256).
func VerifySignature(secret string, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}
