// Package blob stores claim documents in the internal object store.
package blob

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"
)

// Store writes objects by key. Put is an overwrite: writing the same key
// twice leaves one object.
type Store interface {
	Put(ctx context.Context, key, contentType string, data []byte) error
}

type HTTPStore struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewHTTPStore(baseURL, token string) *HTTPStore {
	return &HTTPStore{baseURL: baseURL, token: token, http: &http.Client{Timeout: 60 * time.Second}}
}

func (s *HTTPStore) Put(ctx context.Context, key, contentType string, data []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.baseURL+"/objects/"+key, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Content-Type", contentType)
	resp, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("blob put %s: status %d", key, resp.StatusCode)
	}
	return nil
}
