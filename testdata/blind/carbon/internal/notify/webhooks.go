// Package notify delivers signed event webhooks to buyers' endpoints.
package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Delivery is one event sent to one endpoint. ID is sent as
// X-Carbon-Delivery; receivers are documented to drop deliveries whose ID
// they have already processed.
type Delivery struct {
	ID        string
	EventType string
	Data      any
}

// Endpoint is where a delivery goes.
type Endpoint struct {
	URL    string
	Secret string
}

// Deliverer posts deliveries.
type Deliverer interface {
	Deliver(ctx context.Context, ep Endpoint, d Delivery) error
}

// Client is the HTTP Deliverer.
type Client struct {
	http *http.Client
}

// New returns a webhook client.
func New() *Client { return &Client{http: &http.Client{Timeout: 10 * time.Second}} }

func (c *Client) Deliver(ctx context.Context, ep Endpoint, d Delivery) error {
	body, err := json.Marshal(map[string]any{"type": d.EventType, "data": d.Data})
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(ep.Secret))
	mac.Write([]byte(ts + "." + d.ID + "."))
	mac.Write(body)

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Carbon-Delivery", d.ID)
	req.Header.Set("X-Carbon-Timestamp", ts)
	req.Header.Set("X-Carbon-Signature", "v1="+hex.EncodeToString(mac.Sum(nil)))
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("notify: endpoint answered %d", resp.StatusCode)
	}
	return nil
}
