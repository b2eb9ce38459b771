package sms

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/forkandfeast/catering/internal/core/domain"
)

var ErrBadSignature = errors.New("sms: bad webhook signature")

// VerifyRequest checks X-TextHive-Signature: base64 HMAC-SHA256 over the full
// URL followed by the sorted form parameters.
func VerifyRequest(secret, fullURL string, form url.Values, header string) error {
	keys := make([]string, 0, len(form))
	for k := range form {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(fullURL)
	for _, k := range keys {
		b.WriteString(k)
		b.WriteString(form.Get(k))
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(b.String()))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(header)) {
		return ErrBadSignature
	}
	return nil
}

// ParseStatus reads a delivery status callback (form-encoded).
func ParseStatus(r *http.Request) domain.DeliveryReceipt {
	ts, err := time.Parse(time.RFC3339, r.PostForm.Get("Timestamp"))
	if err != nil {
		ts = time.Now().UTC()
	}
	return domain.DeliveryReceipt{
		ProviderMessageID: r.PostForm.Get("MessageSid"),
		Status:            strings.ToLower(r.PostForm.Get("MessageStatus")),
		ErrorCode:         r.PostForm.Get("ErrorCode"),
		OccurredAt:        ts,
	}
}

// ParseInbound reads an inbound message callback (form-encoded).
func ParseInbound(r *http.Request) domain.InboundSMS {
	return domain.InboundSMS{
		From:       r.PostForm.Get("From"),
		Body:       r.PostForm.Get("Body"),
		ReceivedAt: time.Now().UTC(),
	}
}
