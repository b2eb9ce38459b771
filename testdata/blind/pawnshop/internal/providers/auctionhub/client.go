// Package auctionhub is the client for AuctionHub, the online auction
// marketplace that sells forfeited goods on consignment.
//
// POST /v2/lots honours an Idempotency-Key header: AuctionHub stores keys for
// seven days and answers a repeated key with the lot created the first time.
// consignor_ref is free text kept for our reconciliation; AuctionHub does not
// treat it as unique.
package auctionhub

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/providers/httpx"
)

type Client struct {
	baseURL     string
	apiKey      string
	consignorID string
	doer        httpx.Doer
}

type Option func(*Client)

func WithDoer(d httpx.Doer) Option { return func(c *Client) { c.doer = d } }

func New(baseURL, apiKey, consignorID string, opts ...Option) *Client {
	c := &Client{
		baseURL:     strings.TrimRight(baseURL, "/"),
		apiKey:      apiKey,
		consignorID: consignorID,
		doer:        httpx.Retrying(httpx.DefaultClient(20*time.Second), 3, 500*time.Millisecond),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type lotRequest struct {
	ConsignorID  string `json:"consignor_id"`
	ConsignorRef string `json:"consignor_ref"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	Category     string `json:"category"`
	ReserveCents int64  `json:"reserve_cents"`
	ShipFrom     string `json:"ship_from_location"`
}

type lotResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	URL    string `json:"url"`
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	return h
}

// CreateLot consigns an item.
func (c *Client) CreateLot(ctx context.Context, req domain.LotRequest) (domain.Lot, error) {
	h := c.header()
	if req.IdempotencyKey != "" {
		h.Set("Idempotency-Key", req.IdempotencyKey)
	}
	var out lotResponse
	err := httpx.JSON(ctx, c.doer, http.MethodPost, c.baseURL+"/v2/lots", h, lotRequest{
		ConsignorID:  c.consignorID,
		ConsignorRef: req.ConsignorRef,
		Title:        req.Title,
		Description:  req.Description,
		Category:     req.Category,
		ReserveCents: int64(req.Reserve),
		ShipFrom:     req.ShipFrom,
	}, &out)
	if err != nil {
		return domain.Lot{}, err
	}
	return domain.Lot{LotID: out.ID, Status: out.Status, URL: out.URL}, nil
}

// Verifier checks AuctionHub-Signature: "t=<unix>,v1=<hex hmac>" over
// "<t>.<body>".
type Verifier struct {
	secret    []byte
	tolerance time.Duration
	now       func() time.Time
}

func NewVerifier(secret string) *Verifier {
	return &Verifier{secret: []byte(secret), tolerance: 5 * time.Minute, now: time.Now}
}

func (v *Verifier) Valid(body []byte, header string) bool {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = val
		case "v1":
			sig = val
		}
	}
	if ts == "" || sig == "" {
		return false
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	t := time.Unix(unix, 0)
	if d := v.now().Sub(t); d > v.tolerance || d < -v.tolerance {
		return false
	}
	mac := hmac.New(sha256.New, v.secret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}
