// Package haulnet is the client for HaulNet, the carrier network we tender
// outbound mill loads to.
//
// HaulNet de-duplicates tenders on shipper_reference: a tender whose
// shipper_reference matches an open booking returns that booking (HTTP 200)
// instead of booking another truck (HTTP 201).
package haulnet

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
}

func New(baseURL, apiKey string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.HeaderKey("X-Api-Key", apiKey))}, opts...)
	return &Client{http: httpjson.New("haulnet", baseURL, opts...)}
}

type TenderRequest struct {
	ShipperReference string  `json:"shipper_reference"`
	OriginCode       string  `json:"origin_code"`
	DestinationCode  string  `json:"destination_code"`
	PickupDate       string  `json:"pickup_date"`
	EquipmentType    string  `json:"equipment_type"`
	Commodity        string  `json:"commodity"`
	WeightTons       float64 `json:"weight_tons"`
}

type Booking struct {
	Ref     string `json:"booking_ref"`
	Carrier string `json:"carrier_scac"`
	TruckNo string `json:"truck_no"`
}

// Tender books a truck for a load.
func (c *Client) Tender(ctx context.Context, req TenderRequest) (Booking, error) {
	var out Booking
	_, err := c.http.Do(ctx, http.MethodPost, "/v3/tenders", nil, req, &out)
	return out, err
}

// Cancel releases a booking. Cancelling a booking that is already cancelled
// or unknown returns 404, which is reported as success.
func (c *Client) Cancel(ctx context.Context, bookingRef string) error {
	_, err := c.http.Do(ctx, http.MethodDelete, "/v3/bookings/"+url.PathEscape(bookingRef), nil, nil, nil)
	var se *httpjson.StatusError
	if errors.As(err, &se) && se.Status == http.StatusNotFound {
		return nil
	}
	return err
}
