package sms

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"time"
)

// StatusCallback is a delivery receipt posted by Relaytext. Receipts are
// retried by the provider until it sees a 2xx.
type StatusCallback struct {
	MessageID  string
	Status     string
	ErrorCode  string
	ReportedAt time.Time
}

// InboundMessage is a message a user sent to one of our numbers.
type InboundMessage struct {
	MessageID string
	From      string
	Body      string
}

var ErrBadSignature = errors.New("relaytext: bad webhook signature")

// Verify checks the X-Relaytext-Signature header, an HMAC-SHA256 over the
// raw form body.
func Verify(r *http.Request, rawBody []byte, secret string) error {
	sig := r.Header.Get("X-Relaytext-Signature")
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(rawBody)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return ErrBadSignature
	}
	return nil
}

// ParseStatusCallback reads the form-encoded receipt. r.ParseForm must have
// been called.
func ParseStatusCallback(r *http.Request) (StatusCallback, error) {
	cb := StatusCallback{
		MessageID: r.PostForm.Get("message_id"),
		Status:    strings.ToLower(r.PostForm.Get("status")),
		ErrorCode: r.PostForm.Get("error_code"),
	}
	if cb.MessageID == "" || cb.Status == "" {
		return StatusCallback{}, errors.New("relaytext: receipt missing message_id or status")
	}
	ts := r.PostForm.Get("timestamp")
	if ts == "" {
		cb.ReportedAt = time.Now().UTC()
		return cb, nil
	}
	t, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		return StatusCallback{}, err
	}
	cb.ReportedAt = t
	return cb, nil
}

func ParseInbound(r *http.Request) (InboundMessage, error) {
	m := InboundMessage{
		MessageID: r.PostForm.Get("message_id"),
		From:      r.PostForm.Get("from"),
		Body:      strings.TrimSpace(r.PostForm.Get("body")),
	}
	if m.From == "" {
		return InboundMessage{}, errors.New("relaytext: inbound missing from")
	}
	return m, nil
}
