package edi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/northmill/procure/internal/platform/config"
)

// HTTPClient is the partner's REST API.
type HTTPClient struct {
	baseURL   string
	apiKey    string
	senderGLN string
	http      *http.Client
}

// NewHTTPClient builds the REST client.
func NewHTTPClient(cfg config.Config) *HTTPClient {
	return &HTTPClient{
		baseURL:   cfg.EDIBaseURL,
		apiKey:    cfg.EDIAPIKey,
		senderGLN: cfg.EDISenderGLN,
		http:      &http.Client{Timeout: 20 * time.Second},
	}
}

type sendDocumentBody struct {
	Document
	SenderID       string `json:"sender_id"`
	InterchangeRef string `json:"interchange_ref,omitempty"`
	AckRequested   bool   `json:"ack_requested"`
	Test           bool   `json:"test"`
}

// SendDocument posts a document for delivery.
func (c *HTTPClient) SendDocument(ctx context.Context, doc Document, opts ...SendOption) (Receipt, error) {
	o := collect(opts)
	body := sendDocumentBody{
		Document:       doc,
		SenderID:       c.senderGLN,
		InterchangeRef: o.interchangeRef,
		AckRequested:   o.ackRequested,
		Test:           o.test,
	}
	var out Receipt
	if err := c.do(ctx, http.MethodPost, "/documents", body, &out); err != nil {
		return Receipt{}, err
	}
	return out, nil
}

// PostMessage sends a portal message.
func (c *HTTPClient) PostMessage(ctx context.Context, msg PortalMessage) (MessageReceipt, error) {
	var out MessageReceipt
	if err := c.do(ctx, http.MethodPost, "/messages", msg, &out); err != nil {
		return MessageReceipt{}, err
	}
	return out, nil
}

// DocumentStatus fetches delivery state.
func (c *HTTPClient) DocumentStatus(ctx context.Context, partnerDocID string) (DocumentStatus, error) {
	var out DocumentStatus
	err := c.do(ctx, http.MethodGet, "/documents/"+url.PathEscape(partnerDocID), nil, &out)
	return out, err
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("edi: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Temporary reports whether the call may succeed later.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

func (c *HTTPClient) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "ApiKey "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("edi: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}
