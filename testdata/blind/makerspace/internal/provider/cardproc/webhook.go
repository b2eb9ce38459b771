package cardproc

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Event is a webhook event. Event IDs are stable across resends.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"` // charge.succeeded, charge.failed, charge.refunded
	Created int64     `json:"created"`
	Data    EventData `json:"data"`
}

// EventData carries the object the event is about.
type EventData struct {
	Charge *Charge `json:"object"`
	// Metadata echoes the metadata set when the charge was created.
	Metadata map[string]string `json:"metadata"`
}

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("cardproc: bad webhook signature")

const signatureTolerance = 5 * time.Minute

// ParseWebhook verifies the "t=...,v1=..." signature header and decodes the event.
func (c *Client) ParseWebhook(payload []byte, header string, now time.Time) (*Event, error) {
	var ts int64
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts, _ = strconv.ParseInt(v, 10, 64)
		case "v1":
			sigs = append(sigs, v)
		}
	}
	if ts == 0 || len(sigs) == 0 {
		return nil, ErrBadSignature
	}
	if d := now.Sub(time.Unix(ts, 0)); d > signatureTolerance || d < -signatureTolerance {
		return nil, fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, c.webhookSecret)
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	valid := false
	for _, s := range sigs {
		if hmac.Equal([]byte(s), []byte(want)) {
			valid = true
		}
	}
	if !valid {
		return nil, ErrBadSignature
	}
	var evt Event
	if err := json.Unmarshal(payload, &evt); err != nil {
		return nil, fmt.Errorf("cardproc: decode event: %w", err)
	}
	if evt.ID == "" {
		return nil, errors.New("cardproc: event without id")
	}
	return &evt, nil
}
