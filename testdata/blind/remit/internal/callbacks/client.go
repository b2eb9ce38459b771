// Package callbacks delivers status callbacks to business senders that
// originate transfers through the API and registered an origin_callback_url.
package callbacks

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

	"github.com/sendhome/remit/internal/config"
)

// Event is the JSON body of a callback.
type Event struct {
	Type       string    `json:"type"`
	TransferID string    `json:"transfer_id"`
	Status     string    `json:"status"`
	Detail     string    `json:"detail,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

type Notifier interface {
	Post(ctx context.Context, url string, ev Event) error
}

type client struct {
	secret []byte
	http   *http.Client
}

func NewNotifier(cfg *config.Config) Notifier {
	return &client{secret: []byte(cfg.CallbackSecret), http: &http.Client{Timeout: 8 * time.Second}}
}

func (c *client) Post(ctx context.Context, url string, ev Event) error {
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, c.secret)
	mac.Write([]byte(ts + "." + string(body)))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-SendHome-Timestamp", ts)
	req.Header.Set("X-SendHome-Signature", hex.EncodeToString(mac.Sum(nil)))
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("callback: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("callback: %s returned %d", url, resp.StatusCode)
	}
	return nil
}
