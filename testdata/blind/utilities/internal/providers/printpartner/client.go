// Package printpartner submits letters to the print-and-post partner. The
// partner deduplicates on letter_ref: a letter whose letter_ref it has seen
// before is acknowledged and not printed again.
package printpartner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

type Letter struct {
	LetterRef string            `json:"letter_ref"`
	Template  string            `json:"template"`
	Recipient Recipient         `json:"recipient"`
	MergeVars map[string]string `json:"merge_vars"`
	PostClass string            `json:"post_class"`
}

type Recipient struct {
	Name    string `json:"name"`
	Address string `json:"address"`
}

type Receipt struct {
	LetterRef string `json:"letter_ref"`
	JobID     string `json:"job_id"`
	Duplicate bool   `json:"duplicate"`
}

type Sender interface {
	Send(ctx context.Context, l Letter) (*Receipt, error)
}

type Config struct {
	BaseURL string
	APIKey  string
}

type Client struct {
	cfg  Config
	http *http.Client
}

func New(cfg Config) *Client {
	return &Client{cfg: cfg, http: &http.Client{Timeout: 20 * time.Second}}
}

// Send submits the letter, retrying transport failures. Retrying is safe
// because the partner deduplicates on LetterRef.
func (c *Client) Send(ctx context.Context, l Letter) (*Receipt, error) {
	if l.PostClass == "" {
		l.PostClass = "second"
	}
	payload, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return retry.DoWithData(func() (*Receipt, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/letters", bytes.NewReader(payload))
		if err != nil {
			return nil, retry.Unrecoverable(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Api-Key", c.cfg.APIKey)
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 500 {
			return nil, fmt.Errorf("print partner: status %d", resp.StatusCode)
		}
		if resp.StatusCode >= 300 {
			return nil, retry.Unrecoverable(fmt.Errorf("print partner: status %d: %s", resp.StatusCode, raw))
		}
		var out Receipt
		if err := json.Unmarshal(raw, &out); err != nil {
			return nil, retry.Unrecoverable(err)
		}
		return &out, nil
	}, retry.Context(ctx), retry.Attempts(4), retry.Delay(500*time.Millisecond), retry.LastErrorOnly(true))
}
