// Package mailer sends transactional email through the comms team's
// internal mail API. The API has no request dedup: every accepted POST is
// a sent email.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/merchline/preorders/internal/core/ports"
	"github.com/merchline/preorders/internal/platform/retry"
)

type Client struct {
	baseURL string
	token   string
	http    *http.Client
	log     *slog.Logger
}

var _ ports.Mailer = (*Client)(nil)

func New(baseURL, token string, log *slog.Logger) *Client {
	return &Client{baseURL: baseURL, token: token, http: &http.Client{Timeout: 5 * time.Second}, log: log}
}

func (c *Client) Send(ctx context.Context, e ports.Email) error {
	body, err := json.Marshal(map[string]any{
		"to":       e.To,
		"template": e.Template,
		"data":     e.Data,
	})
	if err != nil {
		return err
	}
	_, err = retry.Do(ctx, retry.Outbound, func(ctx context.Context) (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
		if err != nil {
			return struct{}{}, retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			err := fmt.Errorf("mailer: %d %s", resp.StatusCode, msg)
			if retry.RetryableStatus(resp.StatusCode) {
				return struct{}{}, err
			}
			return struct{}{}, retry.Permanent(err)
		}
		return struct{}{}, nil
	})
	return err
}
