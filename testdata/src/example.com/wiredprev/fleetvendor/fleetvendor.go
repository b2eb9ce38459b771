// Package fleetvendor is the device vendor's client. The vendor has no
// way to recognise a repeated order.
package fleetvendor

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
)

// Client orders devices.
type Client struct{ Base string }

// OrderReplacement orders a replacement for device.
func (c *Client) OrderReplacement(ctx context.Context, device string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/replacements", strings.NewReader(`{"device":"`+device+`"}`))
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req) // want `a crash after the HTTP request in fleetvendor.Client.OrderReplacement and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and fleetdb.Store.RecordOrder stores its outcome after it \(HTTP handler Handler.Event\)`
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.ID, err
}

// Recall asks the vendor to recall device.
func (c *Client) Recall(ctx context.Context, device string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/recalls", strings.NewReader(`{"device":"`+device+`"}`))
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.ID, err
}
