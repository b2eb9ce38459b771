package payments

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

	"github.com/kelpline-systems/quotareg/internal/ports"
)

var ErrBadSignature = errors.New("payments: webhook signature mismatch")

const signatureTolerance = 5 * time.Minute

type webhookEvent struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		Object struct {
			ID       string            `json:"id"`
			Amount   int64             `json:"amount"`
			Metadata map[string]string `json:"metadata"`
		} `json:"object"`
	} `json:"data"`
}

// ParseEvent verifies the provider's "t=<unix>,v1=<hex hmac>" signature
// header and decodes the event.
func (c *Client) ParseEvent(payload []byte, signature string) (*ports.PaymentEvent, error) {
	var ts int64
	var sigs []string
	for _, part := range strings.Split(signature, ",") {
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
	if d := c.now().Sub(time.Unix(ts, 0)); d > signatureTolerance || d < -signatureTolerance {
		return nil, fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}

	mac := hmac.New(sha256.New, c.webhookSecret)
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(payload)
	expected := mac.Sum(nil)
	valid := false
	for _, s := range sigs {
		got, err := hex.DecodeString(s)
		if err == nil && hmac.Equal(got, expected) {
			valid = true
			break
		}
	}
	if !valid {
		return nil, ErrBadSignature
	}

	var evt webhookEvent
	if err := json.Unmarshal(payload, &evt); err != nil {
		return nil, fmt.Errorf("payments: decode webhook: %w", err)
	}
	return &ports.PaymentEvent{
		ID:       evt.ID,
		Type:     evt.Type,
		ChargeID: evt.Data.Object.ID,
		Amount:   evt.Data.Object.Amount,
		Metadata: evt.Data.Object.Metadata,
		Created:  time.Unix(evt.Created, 0),
	}, nil
}
