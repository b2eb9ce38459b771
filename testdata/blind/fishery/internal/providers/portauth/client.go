// Package portauth books berths with the national port authority's
// harbour-master system.
package portauth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewClient(cfg config.PortAuth) *Client {
	return &Client{
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		token:   cfg.Token,
		http:    &http.Client{Timeout: cfg.Timeout},
	}
}

type berthBooking struct {
	Port        string    `json:"port"`
	CallSign    string    `json:"vessel"`
	VesselName  string    `json:"vesselName"`
	LOA         float64   `json:"loaMetres"`
	ArrivalTime time.Time `json:"eta"`
	Purpose     string    `json:"purpose"`
}

// BookBerth requests a landing berth for the vessel's arrival and returns
// the harbour master's booking reference.
func (c *Client) BookBerth(ctx context.Context, req ports.BerthRequest) (string, error) {
	payload, err := json.Marshal(berthBooking{
		Port:        req.PortCode,
		CallSign:    req.VesselRegNo,
		VesselName:  req.VesselName,
		LOA:         req.LengthM,
		ArrivalTime: req.ETA.UTC(),
		Purpose:     req.Purpose,
	})
	if err != nil {
		return "", err
	}
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost,
		c.baseURL+"/api/berth-bookings", bytes.NewReader(payload))
	if err != nil {
		return "", err
	}
	httpReq.Header.Set("Authorization", "Token "+c.token)
	httpReq.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(httpReq)
	if err != nil {
		return "", fmt.Errorf("portauth: book berth: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("portauth: book berth: http %d: %s", resp.StatusCode, raw)
	}
	var out struct {
		BookingRef string `json:"bookingRef"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("portauth: decode booking: %w", err)
	}
	return out.BookingRef, nil
}
