// Package objectstore stores job files (sources, deliverables, invoice PDFs)
// in the internal object store. Objects are written with PUT to a key chosen
// by the caller, so rewriting the same key replaces the object.
package objectstore

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/hashicorp/go-retryablehttp"
)

// Store reads and writes objects.
type Store interface {
	Put(ctx context.Context, key, contentType string, body []byte) error
	Get(ctx context.Context, key string) ([]byte, error)
	PublicURL(key string) string
}

type store struct {
	base       string
	publicBase string
	apiKey     string
	hc         *retryablehttp.Client
}

// New builds the object-store client.
func New(base, publicBase, apiKey string, hc *retryablehttp.Client) Store {
	return &store{base: strings.TrimRight(base, "/"), publicBase: strings.TrimRight(publicBase, "/"), apiKey: apiKey, hc: hc}
}

func (s *store) objectURL(key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return s.base + "/objects/" + strings.Join(parts, "/")
}

func (s *store) Put(ctx context.Context, key, contentType string, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, s.objectURL(key), body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.apiKey)
	req.Header.Set("Content-Type", contentType)
	resp, err := s.hc.Do(req)
	if err != nil {
		return fmt.Errorf("objectstore put %s: %w", key, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("objectstore put %s: http %d", key, resp.StatusCode)
	}
	return nil
}

func (s *store) Get(ctx context.Context, key string) ([]byte, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, s.objectURL(key), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.apiKey)
	resp, err := s.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("objectstore get %s: %w", key, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("objectstore get %s: http %d", key, resp.StatusCode)
	}
	return io.ReadAll(resp.Body)
}

func (s *store) PublicURL(key string) string {
	return s.publicBase + "/" + key
}
