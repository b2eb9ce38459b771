package paygate

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

// Event is a webhook delivery. The gateway re-delivers an event until it gets
// a 2xx, for up to three days, and may deliver the same event concurrently.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

type ChargeEventData struct {
	Charge Charge `json:"object"`
}

type RefundEventData struct {
	Refund Refund `json:"object"`
}

type DisputeEventData struct {
	Dispute struct {
		ID     string `json:"id"`
		Charge string `json:"charge"`
		Reason string `json:"reason"`
		Status string `json:"status"`
		Amount int64  `json:"amount"`
	} `json:"object"`
}

var ErrBadSignature = errors.New("paygate: bad webhook signature")

// ParseEvent verifies the Paygate-Signature header ("t=<unix>,v1=<hex>") and
// decodes the event.
func ParseEvent(secret string, payload []byte, header string, tolerance time.Duration) (*Event, error) {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return nil, ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return nil, ErrBadSignature
	}
	if tolerance > 0 && time.Since(time.Unix(unix, 0)) > tolerance {
		return nil, ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(payload)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return nil, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, err
	}
	return &ev, nil
}
