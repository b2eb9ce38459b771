// Package xpairhttp is the JSON plumbing partner clients share: the
// headers of a request come as name and value pairs.
package xpairhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// Header is one request header.
type Header struct {
	Name, Value string
}

// DoJSON sends in as the body and decodes the answer into out.
func DoJSON(ctx context.Context, hc *http.Client, method, url string, in, out any, headers ...Header) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return err
	}
	for _, h := range headers {
		if h.Value != "" {
			req.Header.Set(h.Name, h.Value)
		}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
