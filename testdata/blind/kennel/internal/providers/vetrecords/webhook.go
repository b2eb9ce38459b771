package vetrecords

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Event types delivered to our webhook.
const (
	EventVerified = "verification.verified"
	EventRejected = "verification.rejected"
	EventExpired  = "verification.expired"
)

// Event is a webhook delivery. The vendor retries deliveries that do not get
// a 2xx for up to three days; ID is stable across retries.
type Event struct {
	ID         string       `json:"id"`
	Type       string       `json:"type"`
	OccurredAt time.Time    `json:"occurred_at"`
	Data       Verification `json:"data"`
	ExpiresOn  string       `json:"expires_on,omitempty"`
}

// ErrBadSignature is returned when the signature header does not verify.
var ErrBadSignature = errors.New("vetrecords: bad webhook signature")

// ParseEvent verifies the "t=<unix>,v1=<hex>" signature header and decodes
// the payload.
func ParseEvent(payload []byte, header, secret string, tolerance time.Duration) (*Event, error) {
	var ts int64
	var sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts, _ = strconv.ParseInt(v, 10, 64)
		case "v1":
			sig = v
		}
	}
	if ts == 0 || sig == "" {
		return nil, ErrBadSignature
	}
	if tolerance > 0 && time.Since(time.Unix(ts, 0)) > tolerance {
		return nil, ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10)))
	mac.Write([]byte("."))
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return nil, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, err
	}
	return &ev, nil
}
