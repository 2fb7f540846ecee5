-- Tools and their calibrations. A tool template is a kind of tool (a 0-1 inch micrometer)
-- with the calibration interval and instructions its tools follow; a tool is one gauge of
-- the shop, by serial number, kept at an inventory location; a calibration is one check of a
-- tool with its result. A tool's last calibrated and next due dates are stored on the tool
-- (recomputed in the transaction that writes a calibration or an interval) so that the list
-- filters on them through an index.

CREATE TABLE tool_templates (
    tenant_id                 text NOT NULL REFERENCES tenants (id),
    id                        text NOT NULL CHECK (char_length(id) = 24),
    name                      text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description               text CHECK (char_length(description) BETWEEN 1 AND 2000),
    calibration_interval_days integer NOT NULL CHECK (calibration_interval_days BETWEEN 1 AND 3650),
    calibration_instructions  text CHECK (char_length(calibration_instructions) BETWEEN 1 AND 10000),
    deleted_utc               timestamptz,
    created_utc               timestamptz NOT NULL DEFAULT now(),
    modified_utc              timestamptz NOT NULL DEFAULT now(),
    version                   bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id)
);
-- A name is unique among the tenant's live templates, case-insensitively; a deleted
-- template's name is free again.
CREATE UNIQUE INDEX tool_templates_name_key ON tool_templates (tenant_id, lower(name)) WHERE deleted_utc IS NULL;
CREATE INDEX tool_templates_name_idx ON tool_templates (tenant_id, name, id) WHERE deleted_utc IS NULL;
CREATE INDEX tool_templates_name_trgm_idx ON tool_templates USING gin (name gin_trgm_ops) WHERE deleted_utc IS NULL;

CREATE TRIGGER tool_templates_advance_version BEFORE UPDATE ON tool_templates
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE TABLE tools (
    tenant_id                 text NOT NULL REFERENCES tenants (id),
    id                        text NOT NULL CHECK (char_length(id) = 24),
    serial_number             text NOT NULL CHECK (char_length(serial_number) BETWEEN 1 AND 100),
    name                      text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description               text CHECK (char_length(description) BETWEEN 1 AND 2000),
    tool_template_id          text NOT NULL,
    -- An inventory location (the stock area's); checked live through its service on writes.
    location_id               text CHECK (char_length(location_id) = 24),
    status                    text NOT NULL DEFAULT 'active'
                              CHECK (status IN ('active', 'inCalibration', 'outOfService', 'retired')),
    -- Null: the template's interval applies.
    calibration_interval_days integer CHECK (calibration_interval_days BETWEEN 1 AND 3650),
    -- The newest calibration's date, whatever its result, and the newest passing one's
    -- (pass or adjusted); next_due_date is last_passed_date plus the interval in force.
    last_calibrated_date      date,
    last_passed_date          date,
    next_due_date             date,
    deleted_utc               timestamptz,
    created_utc               timestamptz NOT NULL DEFAULT now(),
    modified_utc              timestamptz NOT NULL DEFAULT now(),
    version                   bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT tools_template_fkey FOREIGN KEY (tenant_id, tool_template_id) REFERENCES tool_templates (tenant_id, id),
    CONSTRAINT tools_due_check CHECK ((next_due_date IS NULL) = (last_passed_date IS NULL))
);
-- A serial number is unique among the tenant's live tools, case-insensitively.
CREATE UNIQUE INDEX tools_serial_number_key ON tools (tenant_id, lower(serial_number)) WHERE deleted_utc IS NULL;
CREATE INDEX tools_serial_number_idx ON tools (tenant_id, serial_number, id) WHERE deleted_utc IS NULL;
CREATE INDEX tools_template_idx ON tools (tenant_id, tool_template_id) WHERE deleted_utc IS NULL;
CREATE INDEX tools_status_idx ON tools (tenant_id, status, serial_number) WHERE deleted_utc IS NULL;
CREATE INDEX tools_location_idx ON tools (tenant_id, location_id) WHERE deleted_utc IS NULL AND location_id IS NOT NULL;
CREATE INDEX tools_next_due_idx ON tools (tenant_id, next_due_date, id) WHERE deleted_utc IS NULL;
CREATE INDEX tools_serial_number_trgm_idx ON tools USING gin (serial_number gin_trgm_ops) WHERE deleted_utc IS NULL;
CREATE INDEX tools_name_trgm_idx ON tools USING gin (name gin_trgm_ops) WHERE deleted_utc IS NULL;

CREATE TRIGGER tools_advance_version BEFORE UPDATE ON tools
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE TABLE tool_calibrations (
    tenant_id                 text NOT NULL REFERENCES tenants (id),
    id                        text NOT NULL CHECK (char_length(id) = 36),
    tool_id                   text NOT NULL,
    result                    text NOT NULL CHECK (result IN ('pass', 'fail', 'adjusted')),
    calibrated_date           date NOT NULL,
    -- The user whose token recorded it (null for an integration token), and who did the work
    -- when named (an outside laboratory, a technician without a user).
    recorded_by_user_id       text,
    calibrated_by             text CHECK (char_length(calibrated_by) BETWEEN 1 AND 200),
    notes                     text CHECK (char_length(notes) BETWEEN 1 AND 4000),
    -- The readings taken, as [{name, value, unit}] (at most 100).
    readings                  jsonb NOT NULL DEFAULT '[]',
    -- An attachment of the tenant holding the certificate (the attachments area's id).
    certificate_attachment_id text CHECK (char_length(certificate_attachment_id) BETWEEN 24 AND 36),
    created_utc               timestamptz NOT NULL DEFAULT now(),
    modified_utc              timestamptz NOT NULL DEFAULT now(),
    -- The version token an update must name: a stale one is refused (409).
    version                   bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT tool_calibrations_tool_fkey FOREIGN KEY (tenant_id, tool_id) REFERENCES tools (tenant_id, id)
);
CREATE INDEX tool_calibrations_tool_idx ON tool_calibrations (tenant_id, tool_id, calibrated_date DESC, id DESC);

CREATE TRIGGER tool_calibrations_advance_version BEFORE UPDATE ON tool_calibrations
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
