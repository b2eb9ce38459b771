// Package docvault is the client for DocVault, the document storage service
// holding claim evidence and policy certificates.
//
// Objects are written with PUT to a caller-chosen key inside a bucket. A PUT
// to an existing key replaces the object, so writing the same key twice
// leaves a single object; the object key is the only de-duplication
// mechanism.
package docvault

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/skyguard-travel/policyhub/internal/platform/httpx"
)

// Store writes and signs URLs for documents.
type Store interface {
	Put(ctx context.Context, key, contentType string, data []byte) error
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
}

type client struct {
	http    *retryablehttp.Client
	baseURL string
	bucket  string
	token   string
}

// New returns a DocVault Store for bucket.
func New(baseURL, bucket, token string, log *slog.Logger) Store {
	return &client{
		http:    httpx.New(log, httpx.WithTimeout(60*time.Second)),
		baseURL: baseURL,
		bucket:  bucket,
		token:   token,
	}
}

func (c *client) objectURL(key string) string {
	return fmt.Sprintf("%s/v1/buckets/%s/objects/%s", c.baseURL, url.PathEscape(c.bucket), url.PathEscape(key))
}

func (c *client) Put(ctx context.Context, key, contentType string, data []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, c.objectURL(key), bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("docvault: build request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", contentType)
	req.ContentLength = int64(len(data))

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("docvault: put %s: %w", key, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return &httpx.StatusError{Provider: "docvault", Status: resp.StatusCode, Body: string(body)}
	}
	return nil
}

func (c *client) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	var out struct {
		URL string `json:"url"`
	}
	if _, err := httpx.DoJSON(ctx, c.http, "docvault", httpx.Request{
		Method:  http.MethodPost,
		URL:     c.objectURL(key) + "/signed-url",
		Body:    map[string]int{"ttl_seconds": int(ttl.Seconds())},
		Headers: map[string]string{"Authorization": "Bearer " + c.token},
	}, &out); err != nil {
		return "", err
	}
	return out.URL, nil
}
