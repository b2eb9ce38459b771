// Package xjsonsend encodes a value as a request's JSON body and sends
// it.
package xjsonsend

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// JSON sends in, encoded, to url with the header given.
func JSON(ctx context.Context, c *http.Client, method, url string, header http.Header, in any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
