package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// Event is a webhook notification from the payments provider.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created"`
	Data    struct {
		ChargeID      string            `json:"charge_id"`
		AmountCents   int64             `json:"amount"`
		Currency      string            `json:"currency"`
		FailureReason string            `json:"failure_reason"`
		Metadata      map[string]string `json:"metadata"`
	} `json:"data"`
}

// VerifySignature checks a "t=<unix>,v1=<hex>" signature header.
func VerifySignature(secret string, body []byte, header string, tolerance time.Duration) bool {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(part, "=")
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
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || time.Since(time.Unix(secs, 0)) > tolerance {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(sig)
	return err == nil && hmac.Equal(want, got)
}
