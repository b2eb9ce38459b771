// Package httpx sends JSON requests.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// JSON sends in, encoded, with the method and header given.
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
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
