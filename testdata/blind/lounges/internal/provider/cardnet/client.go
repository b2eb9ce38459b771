// Package cardnet talks to the card benefits network that backs card-linked
// lounge access (premium cards carrying a number of complimentary visits a
// year).
//
// The network keeps no request keys for redemptions: every accepted POST
// consumes one visit from the cardholder's allowance. Enrollment is a PUT keyed
// by the network token and may be repeated freely.
package cardnet

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/aerolounge/loungepass/internal/provider/httpx"
)

type Entitlement struct {
	Eligible        bool   `json:"eligible"`
	Tier            string `json:"tier"`
	RemainingVisits int    `json:"remaining_visits"`
	GuestsAllowed   int    `json:"guests_allowed"`
	Reason          string `json:"reason,omitempty"`
}

type RedeemRequest struct {
	NetworkToken string    `json:"network_token"`
	LoungeCode   string    `json:"lounge_code"`
	AirportIATA  string    `json:"airport"`
	VisitTime    time.Time `json:"visit_time"`
	Guests       int       `json:"guests"`
}

type Redemption struct {
	RedemptionID    string `json:"redemption_id"`
	RemainingVisits int    `json:"remaining_visits"`
}

type Enrollment struct {
	NetworkToken string `json:"network_token"`
	Tier         string `json:"tier"`
	Status       string `json:"status"`
}

type Client struct {
	hc      *http.Client
	baseURL string
	apiKey  string
}

func NewClient(hc *http.Client, baseURL, apiKey string) *Client {
	return &Client{hc: hc, baseURL: strings.TrimRight(baseURL, "/"), apiKey: apiKey}
}

func (c *Client) auth() httpx.Header {
	return httpx.Header{Name: "X-Api-Key", Value: c.apiKey}
}

// Entitlement reports whether the card currently carries lounge access.
func (c *Client) Entitlement(ctx context.Context, networkToken, loungeCode string) (Entitlement, error) {
	var out Entitlement
	u := fmt.Sprintf("%s/v1/cards/%s/lounge-entitlement?lounge=%s", c.baseURL, url.PathEscape(networkToken), url.QueryEscape(loungeCode))
	if err := httpx.DoJSON(ctx, c.hc, http.MethodGet, u, nil, &out, c.auth()); err != nil {
		return Entitlement{}, fmt.Errorf("cardnet entitlement: %w", err)
	}
	return out, nil
}

// Redeem consumes one complimentary visit.
func (c *Client) Redeem(ctx context.Context, req RedeemRequest) (Redemption, error) {
	var out Redemption
	if err := httpx.DoJSON(ctx, c.hc, http.MethodPost, c.baseURL+"/v1/redemptions", req, &out, c.auth()); err != nil {
		return Redemption{}, fmt.Errorf("cardnet redeem: %w", err)
	}
	return out, nil
}

// Enroll registers a card token for benefit checks.
func (c *Client) Enroll(ctx context.Context, networkToken, memberRef string) (Enrollment, error) {
	var out Enrollment
	body := map[string]string{"member_ref": memberRef}
	if err := httpx.DoJSON(ctx, c.hc, http.MethodPut, c.baseURL+"/v1/enrollments/"+url.PathEscape(networkToken), body, &out, c.auth()); err != nil {
		return Enrollment{}, fmt.Errorf("cardnet enroll: %w", err)
	}
	return out, nil
}
