// Package video integrates with the Roomly video vendor: room creation for
// visits and verification of the vendor's webhooks.
//
// Room creation is billed per room and has no idempotency mechanism.
package video

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/retry"
)

// RoomSpec describes a visit room.
type RoomSpec struct {
	ExternalID     string    `json:"external_id"`
	ExpiresAt      time.Time `json:"expires_at"`
	MaxParticipant int       `json:"max_participants"`
	Record         bool      `json:"record"`
	WaitingRoom    bool      `json:"waiting_room"`
}

// Room is a created room.
type Room struct {
	ID      string `json:"id"`
	JoinURL string `json:"join_url"`
	HostURL string `json:"host_url"`
	Region  string `json:"region"`
	Created string `json:"created_at"`
}

// Rooms creates vendor rooms.
type Rooms interface {
	CreateRoom(ctx context.Context, spec RoomSpec) (Room, error)
}

// Client is the Roomly HTTP client.
type Client struct {
	base, apiKey string
	hc           *http.Client
	policy       retry.Policy
}

func NewClient(base, apiKey string, policy retry.Policy) *Client {
	return &Client{base: base, apiKey: apiKey, hc: httpx.NewClient(10 * time.Second), policy: policy}
}

func (c *Client) CreateRoom(ctx context.Context, spec RoomSpec) (Room, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	return retry.DoValue(ctx, c.policy, func() (Room, error) {
		var r Room
		err := httpx.DoJSON(ctx, c.hc, httpx.Call{
			Provider: "roomly", Method: http.MethodPost, URL: c.base + "/v1/rooms",
			Header: h, Body: spec, Out: &r,
		})
		return r, err
	})
}

// VerifyWebhook checks a "t=<unix>,v1=<hex>" Roomly-Signature header over
// "<t>.<body>" and rejects timestamps older than tolerance.
func VerifyWebhook(secret string, body []byte, header string, tolerance time.Duration, now time.Time) bool {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return false
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || now.Sub(time.Unix(unix, 0)) > tolerance {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}
