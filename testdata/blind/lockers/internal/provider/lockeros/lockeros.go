// Package lockeros talks to the LockerOS cloud, which relays commands to
// locker controllers over their management link.
//
// Controllers remember the command_id of the last 256 commands and ignore a
// command whose id they have already executed.
package lockeros

import (
	"context"
	"net/http"
	"time"

	"github.com/quayside/lockers/internal/provider/apiclient"
)

type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.api.HTTP = hc }
}

func WithFleetToken(tok string) Option {
	return func(c *Client) { c.api.Header.Set("Authorization", "Bearer "+tok) }
}

type Client struct {
	api *apiclient.Client
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{api: apiclient.New("lockeros", baseURL, &http.Client{Timeout: 8 * time.Second})}
	for _, o := range opts {
		o(c)
	}
	return c
}

type CommandOption func(*command)

func WithCommandID(id string) CommandOption {
	return func(c *command) { c.CommandID = id }
}

func WithTTL(d time.Duration) CommandOption {
	return func(c *command) { c.TTLSeconds = int(d.Seconds()) }
}

type command struct {
	CommandID   string `json:"command_id,omitempty"`
	Action      string `json:"action"`
	Compartment string `json:"compartment"`
	TTLSeconds  int    `json:"ttl_seconds,omitempty"`
}

type CommandResult struct {
	CommandID string `json:"command_id"`
	State     string `json:"state"`
}

// OpenCompartment unlatches one compartment door.
func (c *Client) OpenCompartment(ctx context.Context, lockerID, label string, opts ...CommandOption) (CommandResult, error) {
	cmd := command{Action: "open", Compartment: label, TTLSeconds: 60}
	for _, o := range opts {
		o(&cmd)
	}
	var out CommandResult
	err := c.api.Do(ctx, apiclient.Request{
		Method: http.MethodPost,
		Path:   "/v1/lockers/" + lockerID + "/commands",
		Body:   cmd,
	}, &out)
	return out, err
}
