// Package xpost posts JSON bodies its callers give it.
package xpost

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// PostJSON encodes body and posts it to url.
func PostJSON(ctx context.Context, url string, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// PostMessage encodes message and posts it to url.
func PostMessage(ctx context.Context, url string, message any) error {
	b, err := json.Marshal(message)
	if err != nil {
		return err
	}
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
