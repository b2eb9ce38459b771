// Package displays pushes seat-map state to the station display controllers.
// Controllers keep the highest version they have seen per trip and ignore
// any push whose version is not newer, so re-sending a version is harmless.
package displays

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// SeatState is one seat as shown on a platform display.
type SeatState struct {
	SeatNo string `json:"seat_no"`
	Coach  string `json:"coach"`
	Free   bool   `json:"free"`
}

// SeatMapUpdate is the full state of one trip's seats.
type SeatMapUpdate struct {
	TripID  string      `json:"trip_id"`
	Version int64       `json:"version"`
	Seats   []SeatState `json:"seats"`
}

// Client pushes to controllers.
type Client struct {
	urlFor func(station string) string
	http   *http.Client
	token  string
}

// New builds a Client. urlTemplate must contain one %s for the station code.
func New(urlTemplate, token string) *Client {
	return &Client{
		urlFor: func(station string) string { return fmt.Sprintf(urlTemplate, station) },
		http:   &http.Client{Timeout: 5 * time.Second},
		token:  token,
	}
}

// PushSeatMap sends the update and returns the controller's status code.
func (c *Client) PushSeatMap(ctx context.Context, station string, upd SeatMapUpdate) (int, error) {
	raw, err := json.Marshal(upd)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.urlFor(station), bytes.NewReader(raw))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, fmt.Errorf("display controller %s: %w", station, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return resp.StatusCode, fmt.Errorf("display controller %s: status %d", station, resp.StatusCode)
	}
	return resp.StatusCode, nil
}
