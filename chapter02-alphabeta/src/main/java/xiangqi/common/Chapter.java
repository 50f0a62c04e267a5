package xiangqi.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * This chapter's name, such as {@code chapter01-minimax}, which the reports, the UCI
 * {@code id}, the web board and the tree picture print. Maven writes it into
 * chapter.properties, so this file is the same in every chapter. It lives here, beside the
 * tools, because they all print it and none of them may import another's package.
 */
public final class Chapter {
    /** This chapter's name. */
    public static final String NAME = name();

    private Chapter() {
    }

    private static String name() {
        try (InputStream in = Chapter.class.getResourceAsStream("/chapter.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("name");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
