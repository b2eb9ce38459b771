// Package carrier is the client for ParcelHub, the parcel carrier used for
// reward fulfilment.
//
// ParcelHub honours an Idempotency-Key header on POST /shipments and
// POST /returns (keys are kept for 7 days and replay the first response).
// POST /pickups does not support idempotency keys.
package carrier

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/platform/apiclient"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

type Client struct {
	api *apiclient.Client
}

func New(cfg config.Config) *Client {
	api := apiclient.New(cfg.CarrierBaseURL, cfg.HTTPTimeout, map[string]string{
		"Authorization": "Bearer " + cfg.CarrierAPIKey,
		"User-Agent":    "brightfund-fulfilment/1.0",
	})
	api.Decorate = func(req *http.Request, _ []byte) {
		// Correlates our logs with ParcelHub support tickets.
		req.Header.Set("X-Request-ID", uuid.NewString())
	}
	return &Client{api: api}
}

type address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region,omitempty"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
	Phone      string `json:"phone,omitempty"`
}

func fromPort(a ports.Address) address {
	return address{
		Name:       a.Name,
		Line1:      a.Line1,
		Line2:      a.Line2,
		City:       a.City,
		Region:     a.Region,
		PostalCode: a.PostalCode,
		Country:    a.Country,
		Phone:      a.Phone,
	}
}

type shipmentRequest struct {
	ClientReference string  `json:"client_reference"`
	Service         string  `json:"service"`
	From            address `json:"from"`
	To              address `json:"to"`
	Parcel          struct {
		WeightGrams int `json:"weight_g"`
		LengthMM    int `json:"length_mm"`
		WidthMM     int `json:"width_mm"`
		HeightMM    int `json:"height_mm"`
	} `json:"parcel"`
	LabelFormat string `json:"label_format"`
}

type shipmentResponse struct {
	ID             string `json:"id"`
	TrackingNumber string `json:"tracking_number"`
	Label          struct {
		URL string `json:"url"`
	} `json:"label"`
}

func idempotency(opts []ports.CallOption) apiclient.RequestOption {
	o := ports.ApplyCallOptions(opts)
	return apiclient.Header("Idempotency-Key", o.IdempotencyKey)
}

func (c *Client) BookShipment(ctx context.Context, req ports.ShipmentRequest, opts ...ports.CallOption) (ports.Booking, error) {
	body := shipmentRequest{
		ClientReference: req.Reference,
		Service:         req.Service,
		From:            fromPort(req.From),
		To:              fromPort(req.To),
		LabelFormat:     "pdf",
	}
	body.Parcel.WeightGrams = req.Parcel.WeightGrams
	body.Parcel.LengthMM = req.Parcel.LengthMM
	body.Parcel.WidthMM = req.Parcel.WidthMM
	body.Parcel.HeightMM = req.Parcel.HeightMM

	resp, err := apiclient.Do[shipmentResponse](ctx, c.api, http.MethodPost, "/shipments", body, idempotency(opts))
	if err != nil {
		return ports.Booking{}, err
	}
	return ports.Booking{
		ShipmentID:     resp.ID,
		TrackingNumber: resp.TrackingNumber,
		LabelURL:       resp.Label.URL,
	}, nil
}

type returnRequest struct {
	ShipmentID string  `json:"original_shipment_id"`
	From       address `json:"from"`
	Reason     string  `json:"reason"`
}

type returnResponse struct {
	ID    string `json:"id"`
	Label struct {
		URL string `json:"url"`
	} `json:"label"`
}

func (c *Client) CreateReturnLabel(ctx context.Context, req ports.ReturnRequest, opts ...ports.CallOption) (ports.ReturnLabel, error) {
	resp, err := apiclient.Do[returnResponse](ctx, c.api, http.MethodPost, "/returns", returnRequest{
		ShipmentID: req.ShipmentID,
		From:       fromPort(req.From),
		Reason:     req.Reason,
	}, idempotency(opts))
	if err != nil {
		return ports.ReturnLabel{}, err
	}
	return ports.ReturnLabel{ID: resp.ID, URL: resp.Label.URL}, nil
}

type pickupRequest struct {
	Date     string  `json:"date"`
	Address  address `json:"address"`
	Parcels  int     `json:"parcel_count"`
	Contact  string  `json:"contact_phone"`
	Comments string  `json:"comments,omitempty"`
}

type pickupResponse struct {
	ID string `json:"id"`
}

func (c *Client) SchedulePickup(ctx context.Context, req ports.PickupRequest) (ports.PickupConfirmation, error) {
	resp, err := apiclient.Do[pickupResponse](ctx, c.api, http.MethodPost, "/pickups", pickupRequest{
		Date:     req.Date.Format(time.DateOnly),
		Address:  fromPort(req.Address),
		Parcels:  req.Parcels,
		Contact:  req.Contact,
		Comments: req.Comments,
	})
	if err != nil {
		return ports.PickupConfirmation{}, err
	}
	return ports.PickupConfirmation{ID: resp.ID}, nil
}
