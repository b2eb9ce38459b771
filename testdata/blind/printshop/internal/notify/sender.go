// Package notify delivers signed outbound webhooks to merchant endpoints.
//
// Each request carries Webhook-Id, Webhook-Timestamp and Webhook-Signature
// headers. Our merchant docs tell receivers to de-duplicate on Webhook-Id, so
// the same logical event must always be sent with the same id.
package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/inkloop/printshop/internal/model"
)

type Message struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

type Result struct {
	StatusCode int
	Duration   time.Duration
}

// Sender posts messages to endpoints.
type Sender interface {
	Deliver(ctx context.Context, ep model.WebhookEndpoint, msg Message) (Result, error)
}

type HTTPSender struct {
	client *http.Client
}

func NewHTTPSender(timeout time.Duration) *HTTPSender {
	return &HTTPSender{client: &http.Client{Timeout: timeout}}
}

// Sign computes the v1 signature over "id.timestamp.body".
func Sign(secret, id string, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%s.%d.", id, ts)
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

func (s *HTTPSender) Deliver(ctx context.Context, ep model.WebhookEndpoint, msg Message) (Result, error) {
	body, err := json.Marshal(msg)
	if err != nil {
		return Result{}, err
	}
	ts := time.Now().Unix()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "printshop-webhooks/1.0")
	req.Header.Set("Webhook-Id", msg.ID)
	req.Header.Set("Webhook-Timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("Webhook-Signature", Sign(ep.Secret, msg.ID, ts, body))

	start := time.Now()
	resp, err := s.client.Do(req)
	res := Result{Duration: time.Since(start)}
	if err != nil {
		return res, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	res.StatusCode = resp.StatusCode
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return res, fmt.Errorf("notify: endpoint %s answered %d", ep.ID, resp.StatusCode)
	}
	return res, nil
}

// NewMessage wraps data for sending. Callers that have a delivery row pass its
// id; one-off sends get a random one.
func NewMessage(id, eventType string, data any) (Message, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Message{}, err
	}
	if id == "" {
		id = "msg_" + uuid.NewString()
	}
	return Message{ID: id, Type: eventType, CreatedAt: time.Now().UTC(), Data: raw}, nil
}
