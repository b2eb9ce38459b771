// Package videovendor is a thin client for the RoomCast video API used to
// provision lesson rooms.
//
// RoomCast deduplicates room creation on client_reference: a second
// POST /rooms with a client_reference seen in the last 72 hours returns
// the room created by the first request instead of creating another.
package videovendor

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/learnloop/tutoring/internal/config"
)

// Client talks to the RoomCast REST API.
type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret string
	hc            *http.Client
	attempts      uint
}

// New builds a Client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL:       cfg.VideoBaseURL,
		apiKey:        cfg.VideoAPIKey,
		webhookSecret: cfg.VideoWebhookSecret,
		hc:            &http.Client{Timeout: 15 * time.Second},
		attempts:      3,
	}
}

// Participant is a named seat in a room.
type Participant struct {
	Role        string `json:"role"`
	DisplayName string `json:"display_name"`
	ExternalID  string `json:"external_id"`
}

// CreateRoomRequest is the body of POST /rooms.
type CreateRoomRequest struct {
	ClientReference string        `json:"client_reference,omitempty"`
	Name            string        `json:"name"`
	NotBefore       time.Time     `json:"not_before"`
	ExpiresAt       time.Time     `json:"expires_at"`
	MaxParticipants int           `json:"max_participants"`
	Recording       bool          `json:"recording"`
	Participants    []Participant `json:"participants,omitempty"`
	WebhookTag      string        `json:"webhook_tag,omitempty"`
}

// RoomOption customises a CreateRoomRequest.
type RoomOption func(*CreateRoomRequest)

// WithClientReference sets the dedup reference for the room.
func WithClientReference(ref string) RoomOption {
	return func(r *CreateRoomRequest) { r.ClientReference = ref }
}

// WithRecording toggles cloud recording.
func WithRecording(on bool) RoomOption {
	return func(r *CreateRoomRequest) { r.Recording = on }
}

// WithParticipants pre-registers seats.
func WithParticipants(ps ...Participant) RoomOption {
	return func(r *CreateRoomRequest) { r.Participants = append(r.Participants, ps...) }
}

// WithWebhookTag attaches an opaque tag echoed back in room webhooks.
func WithWebhookTag(tag string) RoomOption {
	return func(r *CreateRoomRequest) { r.WebhookTag = tag }
}

// NewCreateRoomRequest builds a request for a room open from 10 minutes
// before start until 30 minutes after the scheduled end.
func NewCreateRoomRequest(name string, start time.Time, length time.Duration, opts ...RoomOption) CreateRoomRequest {
	req := CreateRoomRequest{
		Name:            name,
		NotBefore:       start.Add(-10 * time.Minute),
		ExpiresAt:       start.Add(length + 30*time.Minute),
		MaxParticipants: 2,
	}
	for _, o := range opts {
		o(&req)
	}
	return req
}

// Room is the vendor's room resource.
type Room struct {
	ID              string            `json:"id"`
	ClientReference string            `json:"client_reference"`
	JoinURLs        map[string]string `json:"join_urls"`
}

// CreateRoom provisions a room.
func (c *Client) CreateRoom(ctx context.Context, req CreateRoomRequest) (Room, error) {
	var room Room
	err := c.do(ctx, http.MethodPost, "/rooms", req, &room)
	return room, err
}

// DeleteRoom closes a room early.
func (c *Client) DeleteRoom(ctx context.Context, roomID string) error {
	return c.do(ctx, http.MethodDelete, "/rooms/"+roomID, nil, nil)
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string { return fmt.Sprintf("roomcast: status %d: %s", e.code, e.body) }

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return err
		}
	}
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
			return &statusError{code: resp.StatusCode, body: string(b)}
		}
		if resp.StatusCode >= 300 {
			return retry.Unrecoverable(&statusError{code: resp.StatusCode, body: string(b)})
		}
		if out != nil && len(b) > 0 {
			if err := json.Unmarshal(b, out); err != nil {
				return retry.Unrecoverable(err)
			}
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(c.attempts), retry.Delay(200*time.Millisecond), retry.LastErrorOnly(true))
}

// Event is a RoomCast webhook delivery.
type Event struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"`
	RoomID      string    `json:"room_id"`
	WebhookTag  string    `json:"webhook_tag"`
	OccurredAt  time.Time `json:"occurred_at"`
	Participant struct {
		Role       string    `json:"role"`
		ExternalID string    `json:"external_id"`
		JoinedAt   time.Time `json:"joined_at"`
		LeftAt     time.Time `json:"left_at"`
	} `json:"participant"`
}

// VerifySignature checks the X-RoomCast-Signature header (hex HMAC-SHA256
// of the raw body).
func (c *Client) VerifySignature(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
