// Package courier is the client for Parcelwren, the courier that posts
// packets to members and supplies return labels.
package courier

import (
	"context"
	"net/http"
	"time"

	"github.com/furrowline/seedbank/internal/providers/apiclient"
)

type Client struct {
	api    *apiclient.Client
	secret string
}

func New(baseURL, apiKey, webhookSecret string, timeout time.Duration) *Client {
	return &Client{
		api:    apiclient.New(baseURL, timeout, apiclient.HeaderAuth("X-Api-Key", apiKey)),
		secret: webhookSecret,
	}
}

// Address is a postal address.
type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// Parcel is one physical item.
type Parcel struct {
	WeightGrams int    `json:"weight_grams"`
	Contents    string `json:"contents"`
}

// ShipmentRequest books an outbound shipment. Parcelwren treats
// client_reference as unique per account: a second request with a reference
// it has already seen returns the existing shipment.
type ShipmentRequest struct {
	ClientReference string   `json:"client_reference,omitempty"`
	Service         string   `json:"service"`
	To              Address  `json:"to"`
	Parcels         []Parcel `json:"parcels"`
}

// Shipment is a booked shipment.
type Shipment struct {
	ID              string `json:"id"`
	ClientReference string `json:"client_reference"`
	TrackingNumber  string `json:"tracking_number"`
	LabelURL        string `json:"label_url"`
	Status          string `json:"status"`
}

// CreateShipment books a shipment.
func (c *Client) CreateShipment(ctx context.Context, req ShipmentRequest) (*Shipment, error) {
	var out Shipment
	if err := c.api.Do(ctx, http.MethodPost, "/v2/shipments", req, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReturnLabelRequest buys a prepaid return label. Each call is billed as a
// new label.
type ReturnLabelRequest struct {
	From        Address `json:"from"`
	To          Address `json:"to"`
	WeightGrams int     `json:"weight_grams"`
	Service     string  `json:"service"`
}

// ReturnLabel is a purchased label.
type ReturnLabel struct {
	ID             string `json:"id"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
}

// CreateReturnLabel buys a return label.
func (c *Client) CreateReturnLabel(ctx context.Context, req ReturnLabelRequest) (*ReturnLabel, error) {
	var out ReturnLabel
	if err := c.api.Do(ctx, http.MethodPost, "/v2/return-labels", req, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// TrackingEvent is a webhook delivered for status changes.
type TrackingEvent struct {
	EventID         string    `json:"event_id"`
	ShipmentID      string    `json:"shipment_id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	OccurredAt      time.Time `json:"occurred_at"`
}

// ParseWebhook verifies and decodes a tracking webhook.
func (c *Client) ParseWebhook(body []byte, signature string) (*TrackingEvent, error) {
	return apiclient.ParseSigned[TrackingEvent](c.secret, body, signature)
}
