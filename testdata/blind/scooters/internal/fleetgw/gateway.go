// Package fleetgw sends commands to scooters through the IoT fleet gateway.
package fleetgw

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Gateway is the fleet gateway client.
type Gateway struct {
	base   string
	apiKey string
	http   *http.Client
}

// New returns a gateway client.
func New(base, apiKey string) *Gateway {
	return &Gateway{base: base, apiKey: apiKey, http: &http.Client{Timeout: 8 * time.Second}}
}

type command struct {
	CommandID string `json:"command_id"`
	Type      string `json:"type"`
	TTLSecs   int    `json:"ttl_seconds"`
}

// Unlock asks the scooter to release its lock. The gateway drops commands
// whose command_id it has already delivered in the last 24 hours, so
// callers pass an ID tied to the ride.
func (g *Gateway) Unlock(ctx context.Context, scooterID, commandID string) error {
	return g.send(ctx, scooterID, command{CommandID: commandID, Type: "unlock", TTLSecs: 30})
}

func (g *Gateway) send(ctx context.Context, scooterID string, cmd command) error {
	body, _ := json.Marshal(cmd)
	u := g.base + "/v1/vehicles/" + url.PathEscape(scooterID) + "/commands"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "ApiKey "+g.apiKey)
	resp, err := g.http.Do(req)
	if err != nil {
		return fmt.Errorf("fleetgw: %s %s: %w", cmd.Type, scooterID, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusAccepted, http.StatusOK, http.StatusConflict: // 409: duplicate command_id, already queued
		return nil
	default:
		return fmt.Errorf("fleetgw: %s %s: HTTP %d", cmd.Type, scooterID, resp.StatusCode)
	}
}
