// Package partners mirrors bookings into partner schools' own timetable
// systems. Each partner exposes a plain JSON endpoint; none of them offer
// request deduplication, they create one timetable entry per POST.
package partners

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// Booking is the payload partners receive.
type Booking struct {
	LessonID     string    `json:"lesson_id"`
	StudentEmail string    `json:"student_email"`
	TutorName    string    `json:"tutor_name"`
	StartsAt     time.Time `json:"starts_at"`
	DurationMin  int       `json:"duration_min"`
}

// Endpoint identifies a partner's booking API.
type Endpoint struct {
	URL   string
	Token string
}

// Client posts bookings to partners.
type Client struct {
	hc *http.Client
}

// New builds a Client.
func New() *Client { return &Client{hc: &http.Client{Timeout: 10 * time.Second}} }

type createResponse struct {
	Reference string `json:"reference"`
}

// CreateBooking posts b to the partner and returns the partner's
// reference for the timetable entry.
func (c *Client) CreateBooking(ctx context.Context, ep Endpoint, b Booking) (string, error) {
	body, err := json.Marshal(b)
	if err != nil {
		return "", err
	}
	return retry.DoWithData(func() (string, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
		if err != nil {
			return "", retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+ep.Token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.hc.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if resp.StatusCode >= 500 {
			return "", fmt.Errorf("partner booking: status %d", resp.StatusCode)
		}
		if resp.StatusCode >= 300 {
			return "", retry.Unrecoverable(fmt.Errorf("partner booking: status %d: %s", resp.StatusCode, raw))
		}
		var out createResponse
		if err := json.Unmarshal(raw, &out); err != nil {
			return "", retry.Unrecoverable(err)
		}
		return out.Reference, nil
	}, retry.Context(ctx), retry.Attempts(3), retry.Delay(time.Second), retry.LastErrorOnly(true))
}
