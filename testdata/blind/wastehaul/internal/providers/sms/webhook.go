package sms

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"sort"
	"strings"
)

// Inbound is a message received on one of our numbers.
type Inbound struct {
	SID  string
	From string
	To   string
	Body string
}

// StatusReport is a delivery receipt for a message we sent.
type StatusReport struct {
	SID       string
	Status    string
	ErrorCode string
}

// ParseInbound reads a form-encoded inbound webhook.
func ParseInbound(form url.Values) Inbound {
	return Inbound{
		SID:  form.Get("MessageSid"),
		From: form.Get("From"),
		To:   form.Get("To"),
		Body: strings.TrimSpace(form.Get("Body")),
	}
}

// ParseStatus reads a form-encoded status callback.
func ParseStatus(form url.Values) StatusReport {
	return StatusReport{
		SID:       form.Get("MessageSid"),
		Status:    form.Get("MessageStatus"),
		ErrorCode: form.Get("ErrorCode"),
	}
}

// ValidSignature checks X-Textwire-Signature: base64(HMAC-SHA256(secret,
// fullURL + sorted form key/value pairs)).
func ValidSignature(secret, fullURL, signature string, form url.Values) bool {
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
	return hmac.Equal([]byte(want), []byte(signature))
}
