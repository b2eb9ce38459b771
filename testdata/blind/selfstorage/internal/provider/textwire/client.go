// Package textwire sends tenant SMS. The Messages API has no request
// de-duplication: every accepted POST is a separate message.
package textwire

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type Client struct {
	base  string
	sid   string
	token string
	from  string
	hc    *http.Client
}

func New(baseURL, accountSID, authToken, from string, timeout time.Duration) *Client {
	return &Client{base: baseURL, sid: accountSID, token: authToken, from: from, hc: &http.Client{Timeout: timeout}}
}

type sendResponse struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Send queues one SMS and returns the provider's message id.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", c.from)
	form.Set("Body", body)
	endpoint := fmt.Sprintf("%s/Accounts/%s/Messages.json", c.base, url.PathEscape(c.sid))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.sid, c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("textwire: http %d: %s", resp.StatusCode, data)
	}
	var out sendResponse
	if err := json.Unmarshal(data, &out); err != nil {
		return "", err
	}
	return out.SID, nil
}
