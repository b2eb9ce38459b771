// Package filedrop reads merchants' nightly settlement files from the
// program's file-drop service (the SFTP landing zone exposed over HTTPS).
package filedrop

import (
	"context"
	"io"
	"net/http"
	"net/url"

	"github.com/ridgeline-fleet/fuelcards/internal/providers/httpx"
)

// Client lists and downloads settlement files.
type Client struct {
	http *httpx.Client
}

// New builds a Client.
func New(baseURL, token string) *Client {
	return &Client{http: httpx.New(baseURL,
		httpx.WithAuth(func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }),
	)}
}

// Entry is one file waiting in the landing zone.
type Entry struct {
	MerchantID   string `json:"merchant_id"`
	BusinessDate string `json:"business_date"`
	ObjectKey    string `json:"object_key"`
	SizeBytes    int64  `json:"size_bytes"`
}

// List returns the files dropped for a business date (YYYY-MM-DD).
func (c *Client) List(ctx context.Context, businessDate string) ([]Entry, error) {
	var out struct {
		Files []Entry `json:"files"`
	}
	err := c.http.Do(ctx, http.MethodGet, "/v1/settlement?date="+url.QueryEscape(businessDate), nil, nil, &out)
	return out.Files, err
}

// Open streams one file's contents.
func (c *Client) Open(ctx context.Context, objectKey string) (io.ReadCloser, error) {
	return c.http.Stream(ctx, "/v1/objects/"+url.PathEscape(objectKey))
}
