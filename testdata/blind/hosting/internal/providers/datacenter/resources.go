package datacenter

import (
	"context"
	"fmt"
	"net/url"
	"time"
)

// Server is the partner's view of a machine.
type Server struct {
	ID        string    `json:"id"`
	Hostname  string    `json:"hostname"`
	Region    string    `json:"region"`
	Flavor    string    `json:"flavor"`
	Image     string    `json:"image"`
	Status    string    `json:"status"`
	IPv4      []string  `json:"ipv4"`
	IPv6      []string  `json:"ipv6"`
	CreatedAt time.Time `json:"created_at"`
}

// CreateServerRequest is the body of POST /v1/servers.
type CreateServerRequest struct {
	Hostname string            `json:"hostname"`
	Region   string            `json:"region"`
	Flavor   string            `json:"flavor"`
	Image    string            `json:"image"`
	SSHKeys  []string          `json:"ssh_keys,omitempty"`
	UserData string            `json:"user_data,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
}

// CreateServer orders a machine. Honours Idempotency-Key.
func (c *Client) CreateServer(ctx context.Context, req CreateServerRequest, opts ...CallOption) (*Server, error) {
	var out Server
	if err := c.do(ctx, "POST", "/v1/servers", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetServer fetches a machine by partner id.
func (c *Client) GetServer(ctx context.Context, id string) (*Server, error) {
	var out Server
	if err := c.do(ctx, "GET", "/v1/servers/"+url.PathEscape(id), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteServer destroys a machine. Deleting a missing server returns ErrNotFound.
func (c *Client) DeleteServer(ctx context.Context, id string) error {
	return c.do(ctx, "DELETE", "/v1/servers/"+url.PathEscape(id), nil, nil)
}

// Volume is a block storage device.
type Volume struct {
	ID       string `json:"id"`
	Region   string `json:"region"`
	SizeGB   int    `json:"size_gb"`
	Status   string `json:"status"`
	ServerID string `json:"server_id,omitempty"`
}

// CreateVolumeRequest is the body of POST /v1/volumes.
type CreateVolumeRequest struct {
	Region   string            `json:"region"`
	SizeGB   int               `json:"size_gb"`
	Image    string            `json:"image,omitempty"`
	ServerID string            `json:"server_id,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
}

// CreateVolume allocates a volume. Honours Idempotency-Key.
func (c *Client) CreateVolume(ctx context.Context, req CreateVolumeRequest, opts ...CallOption) (*Volume, error) {
	var out Volume
	if err := c.do(ctx, "POST", "/v1/volumes", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// AttachVolume sets the volume's attachment. PUT semantics: attaching to the
// server it is already attached to is a no-op.
func (c *Client) AttachVolume(ctx context.Context, volumeID, serverID string) error {
	body := map[string]string{"server_id": serverID}
	return c.do(ctx, "PUT", fmt.Sprintf("/v1/volumes/%s/attachment", url.PathEscape(volumeID)), body, nil)
}

// Snapshot is a point-in-time image of a server's disks.
type Snapshot struct {
	ID       string `json:"id"`
	ServerID string `json:"server_id"`
	Label    string `json:"label"`
	Status   string `json:"status"`
	SizeGB   int    `json:"size_gb"`
}

// CreateSnapshot starts a snapshot. Honours Idempotency-Key.
func (c *Client) CreateSnapshot(ctx context.Context, serverID, label string, opts ...CallOption) (*Snapshot, error) {
	var out Snapshot
	body := map[string]string{"label": label}
	path := fmt.Sprintf("/v1/servers/%s/snapshots", url.PathEscape(serverID))
	if err := c.do(ctx, "POST", path, body, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// License is a software licence the partner resells per server.
type License struct {
	ID           string `json:"id"`
	Product      string `json:"product"`
	MonthlyCents int64  `json:"monthly_cents"`
}

// PurchaseLicense buys a licence for a server; the partner invoices it
// monthly from the purchase date.
func (c *Client) PurchaseLicense(ctx context.Context, serverID, product string) (*License, error) {
	var out License
	body := map[string]string{"product": product}
	path := fmt.Sprintf("/v1/servers/%s/licenses", url.PathEscape(serverID))
	if err := c.do(ctx, "POST", path, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
