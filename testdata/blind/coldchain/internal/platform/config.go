package platform

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"
)

// Config is read from the environment by every binary. Not every binary
// uses every field.
type Config struct {
	HTTPAddr         string
	DatabaseURL      string
	DatabaseMaxConns int32

	KafkaBrokers []string
	KafkaGroupID string
	SensorTopic  string

	StripeSecretKey     string
	StripeWebhookSecret string

	HaulNetBaseURL   string
	HaulNetAPIKey    string
	CustomsBaseURL   string
	CustomsAPIKey    string
	CustomsFilerCode string
	TextlineBaseURL  string
	TextlineToken    string
	TextlineFrom     string
	MailrouteBaseURL string
	MailrouteToken   string
	PaylaneBaseURL   string
	PaylaneAPIKey    string
	FuelRailBaseURL  string
	FuelRailAPIKey   string

	HTTPClientTimeout time.Duration
}

// LoadConfig reads configuration from environment variables.
func LoadConfig() (Config, error) {
	cfg := Config{
		HTTPAddr:            getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		DatabaseMaxConns:    int32(getint("DATABASE_MAX_CONNS", 20)),
		KafkaBrokers:        strings.Split(getenv("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:        getenv("KAFKA_GROUP_ID", "coldchain-sensor-consumer"),
		SensorTopic:         getenv("SENSOR_TOPIC", "sensor.readings.v1"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		HaulNetBaseURL:      getenv("HAULNET_BASE_URL", "https://partners.haulnet.example/api/v2"),
		HaulNetAPIKey:       os.Getenv("HAULNET_API_KEY"),
		CustomsBaseURL:      getenv("CUSTOMS_BASE_URL", "https://gateway.customs-edi.example/v1"),
		CustomsAPIKey:       os.Getenv("CUSTOMS_API_KEY"),
		CustomsFilerCode:    os.Getenv("CUSTOMS_FILER_CODE"),
		TextlineBaseURL:     getenv("TEXTLINE_BASE_URL", "https://api.textline.example/2020-01"),
		TextlineToken:       os.Getenv("TEXTLINE_TOKEN"),
		TextlineFrom:        getenv("TEXTLINE_FROM", "+15550100"),
		MailrouteBaseURL:    getenv("MAILROUTE_BASE_URL", "https://api.mailroute.example/v3"),
		MailrouteToken:      os.Getenv("MAILROUTE_TOKEN"),
		PaylaneBaseURL:      getenv("PAYLANE_BASE_URL", "https://api.paylane.example/v1"),
		PaylaneAPIKey:       os.Getenv("PAYLANE_API_KEY"),
		FuelRailBaseURL:     getenv("FUELRAIL_BASE_URL", "https://fleet.fuelrail.example/api"),
		FuelRailAPIKey:      os.Getenv("FUELRAIL_API_KEY"),
		HTTPClientTimeout:   time.Duration(getint("HTTP_CLIENT_TIMEOUT_SECONDS", 15)) * time.Second,
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("DATABASE_URL is required")
	}
	return cfg, nil
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func getint(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

// NewULID returns a lexically sortable identifier used as the primary key
// of most tables.
func NewULID() string {
	return ulid.Make().String()
}

// IDFunc produces identifiers; services hold one so tests can pin IDs.
type IDFunc func() string
