package registry

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/tldhouse/registrar/internal/config"
)

// Result codes used by the registry (EPP numbering).
const (
	CodeOK              = 1000
	CodeActionPending   = 1001
	CodeObjectExists    = 2302
	CodeObjectNotExists = 2303
	CodeStatusProhibits = 2304
)

// Error is a registry answer with a failure code.
type Error struct {
	Code    int
	Message string
	ClTRID  string
	SvTRID  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("registry: %d %s (clTRID %s)", e.Code, e.Message, e.ClTRID)
}

// Response is the envelope of every registry answer.
type Response[T any] struct {
	Code    int    `json:"code"`
	Message string `json:"msg"`
	ClTRID  string `json:"clTRID"`
	SvTRID  string `json:"svTRID"`
	Data    T      `json:"data"`
}

// Option adjusts the common fields of one command.
type Option func(*Common)

// WithClTRID sets the client transaction id instead of a generated one.
func WithClTRID(id string) Option {
	return func(c *Common) { c.ClTRID = id }
}

type Client struct {
	baseURL     string
	registrarID string
	password    string
	prefix      string
	http        *http.Client
	now         func() time.Time
}

func New(cfg *config.Config) *Client {
	return &Client{
		baseURL:     cfg.Registry.BaseURL,
		registrarID: cfg.Registry.RegistrarID,
		password:    cfg.Registry.Password,
		prefix:      cfg.Registry.ClTRIDPrefix,
		http:        &http.Client{Timeout: cfg.Registry.Timeout},
		now:         time.Now,
	}
}

// prepare fills the common fields of a command.
func (c *Client) prepare(cmd Command, opts ...Option) {
	h := cmd.header()
	h.RegistrarID = c.registrarID
	h.SubmittedAt = c.now().UTC()
	for _, o := range opts {
		o(h)
	}
	if h.ClTRID == "" {
		h.ClTRID = c.prefix + "-" + ulid.Make().String()
	}
}

func call[T any](ctx context.Context, c *Client, cmd Command, opts []Option) (T, error) {
	var zero T
	c.prepare(cmd, opts...)
	body, err := json.Marshal(cmd)
	if err != nil {
		return zero, fmt.Errorf("registry: encode %s: %w", cmd.Path(), err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/"+cmd.Path(), bytes.NewReader(body))
	if err != nil {
		return zero, err
	}
	req.SetBasicAuth(c.registrarID, c.password)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return zero, fmt.Errorf("registry: %s: %w", cmd.Path(), err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return zero, err
	}
	if resp.StatusCode >= 500 {
		return zero, fmt.Errorf("registry: %s: http %d", cmd.Path(), resp.StatusCode)
	}
	var out Response[T]
	if err := json.Unmarshal(raw, &out); err != nil {
		return zero, fmt.Errorf("registry: decode %s: %w", cmd.Path(), err)
	}
	if out.Code >= 2000 {
		return zero, &Error{Code: out.Code, Message: out.Message, ClTRID: out.ClTRID, SvTRID: out.SvTRID}
	}
	return out.Data, nil
}

func (c *Client) CheckDomains(ctx context.Context, names []string, opts ...Option) ([]Availability, error) {
	return call[[]Availability](ctx, c, &DomainCheck{Names: names}, opts)
}

func (c *Client) CreateDomain(ctx context.Context, req *DomainCreate, opts ...Option) (*DomainData, error) {
	d, err := call[DomainData](ctx, c, req, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

func (c *Client) InfoDomain(ctx context.Context, name string, opts ...Option) (*DomainData, error) {
	d, err := call[DomainData](ctx, c, &DomainInfo{Name: name}, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

func (c *Client) RenewDomain(ctx context.Context, req *DomainRenew, opts ...Option) (*DomainData, error) {
	d, err := call[DomainData](ctx, c, req, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

func (c *Client) UpdateDomain(ctx context.Context, req *DomainUpdate, opts ...Option) error {
	_, err := call[json.RawMessage](ctx, c, req, opts)
	return err
}

func (c *Client) TransferDomain(ctx context.Context, req *DomainTransfer, opts ...Option) (*TransferData, error) {
	d, err := call[TransferData](ctx, c, req, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

func (c *Client) CreateContact(ctx context.Context, req *ContactCreate, opts ...Option) (*ContactData, error) {
	d, err := call[ContactData](ctx, c, req, opts)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// VerifySignature checks the HMAC the registry puts on pushed poll messages.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

// IsCode reports whether err is a registry error with the given code.
func IsCode(err error, code int) bool {
	if e, ok := err.(*Error); ok {
		return e.Code == code
	}
	return false
}
