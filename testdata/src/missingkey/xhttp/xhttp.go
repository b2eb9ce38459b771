// Package xhttp posts JSON for its callers, who give the address.
package xhttp

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
)

// PostJSON posts input to u, with no idempotency key.
func PostJSON(u *url.URL, input any) (*http.Response, error) {
	b, err := json.Marshal(input)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, u.String(), bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Post posts to a string address.
func Post(addr string) error {
	_, err := http.Post(addr, "application/json", nil)
	return err
}
