// Package notify delivers signed event notifications to customer webhooks.
package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/acme/freight/internal/httpx"
	"github.com/acme/freight/internal/idgen"
)

const (
	HeaderEventID   = "X-Freight-Event-Id"
	HeaderSignature = "X-Freight-Signature"
)

// Endpoint is a customer's registered receiver.
type Endpoint struct {
	URL    string
	Secret string
}

type envelope struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}

// Sender posts event envelopes. Receivers are told to deduplicate on the
// X-Freight-Event-Id header.
type Sender struct {
	http       *http.Client
	newEventID func() string
	now        func() time.Time
	maxElapsed time.Duration
}

func NewSender() *Sender {
	return &Sender{
		http:       &http.Client{Timeout: 10 * time.Second},
		newEventID: idgen.ULID,
		now:        time.Now,
		maxElapsed: 20 * time.Second,
	}
}

// Send delivers a new event of the given type.
func (s *Sender) Send(ctx context.Context, ep Endpoint, eventType string, data any) error {
	return s.SendWithID(ctx, ep, s.newEventID(), eventType, data)
}

// SendWithID delivers an event whose ID the caller already owns, e.g. an
// outbox row, so that redeliveries carry the same ID.
func (s *Sender) SendWithID(ctx context.Context, ep Endpoint, eventID, eventType string, data any) error {
	body, err := json.Marshal(envelope{ID: eventID, Type: eventType, CreatedAt: s.now().UTC(), Data: data})
	if err != nil {
		return err
	}
	_, err = httpx.Retry(ctx, s.maxElapsed, func() (struct{}, error) {
		ts := strconv.FormatInt(s.now().Unix(), 10)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
		if err != nil {
			return struct{}{}, httpx.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(HeaderEventID, eventID)
		req.Header.Set(HeaderSignature, "t="+ts+",v1="+sign(ep.Secret, ts, body))
		resp, err := s.http.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		defer resp.Body.Close()
		if err := httpx.CheckResponse(resp); err != nil {
			var se *httpx.StatusError
			if errors.As(err, &se) && !se.Temporary() {
				return struct{}{}, httpx.Permanent(err)
			}
			return struct{}{}, err
		}
		return struct{}{}, nil
	})
	return err
}

func sign(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts))
	m.Write([]byte("."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}
